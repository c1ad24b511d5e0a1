/**
 * Data directory (`--data-dir`): a write acknowledged to the web SDK or to firebase-admin survives
 * a SIGKILL of the server. Each round: 1,000 `set()`s by 20 concurrent writers, SIGKILL at a random
 * point between 30% and 80% acknowledged, restart on the same directory, every acknowledged value
 * read back. `DURABILITY_ROUNDS` sets the number of rounds (default 1; the README's figures come
 * from a 10-round run). journal.test.ts does the same through REST.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from 'firebase-admin/app';
import { ref, set } from 'firebase/database';
import {
  durabilityRounds,
  killDuringWrites,
  randomKillPoint,
  reportRound,
} from '../testing/kill-during-writes';
import { cliUrl, deleteClients, spawnCli, tempDir, webClient, writeRules } from './testing.js';

const OPEN = writeRules({ rules: { '.read': true, '.write': true } });
const TOTAL = 1000;
const ROUNDS = durabilityRounds();
/**
 * A round's bound: several times the longest round seen in a full run, while other heavy
 * processes shared the 2 cores (a guard against a hung round, not a speed check).
 */
const ROUND_TIMEOUT_MS = 90_000;
const NS = 'durable';

const runs: Array<ReturnType<typeof spawnCli>> = [];
const adminApps: App[] = [];
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  await deleteClients();
  const { deleteApp } = await import('firebase-admin/app');
  await Promise.all(adminApps.map((app) => deleteApp(app)));
});

async function startServer(
  dataDir: string,
): Promise<{ run: ReturnType<typeof spawnCli>; port: number }> {
  const run = spawnCli(['--port', '0', '--rules', OPEN, '--data-dir', dataDir]);
  runs.push(run);
  const url = await cliUrl(run.output, 20_000, run.child);
  return { run, port: Number(new URL(url).port) };
}

/** Deletes an app made by {@link adminDatabase} (afterAll deletes the ones a failure left). */
async function deleteAdminApp(app: App): Promise<void> {
  const { deleteApp } = await import('firebase-admin/app');
  adminApps.splice(adminApps.indexOf(app), 1);
  await deleteApp(app);
}

let adminCounter = 0;
/** A firebase-admin database of the server on `port` (the SDK's emulator URL form). */
async function adminDatabase(port: number): Promise<import('firebase-admin/database').Database> {
  const { initializeApp } = await import('firebase-admin/app');
  const { getDatabase } = await import('firebase-admin/database');
  const app = initializeApp(
    { projectId: 'demo-test', databaseURL: `http://127.0.0.1:${port}?ns=${NS}` },
    `durability-admin-${++adminCounter}`,
  );
  adminApps.push(app);
  // The SDK prefers FIREBASE_DATABASE_EMULATOR_HOST to the URL's host, and `npm test` sets it to
  // the shared backend: without this the writes would go there, not to the server under test.
  const shared = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  try {
    // The SDK reads the variable here, when getDatabase creates the app's repo.
    return getDatabase(app);
  } finally {
    if (shared !== undefined) process.env.FIREBASE_DATABASE_EMULATOR_HOST = shared;
  }
}

/** The value of write `i`: a string long enough that a mix-up or a truncation shows. */
const value = (i: number) => ({ i, text: `write ${i} `.repeat(1 + (i % 40)) });

/**
 * Restarts on `dataDir` and returns the acknowledged writes that are missing or wrong.
 * @param what names the case in the round report
 */
async function missingAfterRestart(
  what: string,
  round: number,
  dataDir: string,
  acked: Set<number>,
): Promise<number[]> {
  const { run, port } = await startServer(dataDir);
  const res = await fetch(`http://127.0.0.1:${port}/w.json?ns=${NS}`);
  const data = ((await res.json()) ?? {}) as Record<string, { i: number; text: string }>;
  run.child.kill('SIGKILL');
  await run.exited;
  reportRound(what, round, acked.size, Object.keys(data).length);
  return [...acked].filter((i) => data[`k${i}`]?.text !== value(i).text);
}

describe(`data directory: SIGKILL during ${TOTAL} SDK writes, ${ROUNDS} round(s)`, () => {
  it(
    'web SDK: every acknowledged set() survives',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const dataDir = tempDir('rtdb-durable-');
        const { run, port } = await startServer(dataDir);
        const db = webClient({ port }, { ns: NS });
        const acked = await killDuringWrites({
          child: run.child,
          total: TOTAL,
          killAfter: randomKillPoint(TOTAL),
          write: (i) => set(ref(db, `w/k${i}`), value(i)),
        });
        await deleteClients();
        expect(await missingAfterRestart('database web SDK', round, dataDir, acked)).toEqual([]);
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  );

  it(
    'firebase-admin: every acknowledged set() survives',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const dataDir = tempDir('rtdb-durable-');
        const { run, port } = await startServer(dataDir);
        const db = await adminDatabase(port);
        const acked = await killDuringWrites({
          child: run.child,
          total: TOTAL,
          killAfter: randomKillPoint(TOTAL),
          write: (i) => db.ref(`w/k${i}`).set(value(i)),
        });
        await deleteAdminApp(db.app);
        expect(await missingAfterRestart('database admin', round, dataDir, acked)).toEqual([]);
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  );
});
