/**
 * Data directory (`--data-dir`): an upload acknowledged with 200 survives a SIGKILL of the server,
 * byte-identical and with its metadata, and nothing half-written is listed after the restart. Each
 * round: 1,000 uploads by 20 concurrent clients, SIGKILL at a random point between 30% and 80%
 * acknowledged, restart on the same directory, check. `DURABILITY_ROUNDS` sets the number of rounds
 * (default 1; the README's figures come from a 10-round run).
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from 'firebase-admin/app';
import type { Bucket } from '@google-cloud/storage';
import {
  deleteObject,
  getBytes,
  getMetadata,
  ref,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage';
import { cliUrl, spawnCli, type CliRun } from '../testing/cli';
import {
  durabilityRounds,
  killDuringWrites,
  randomKillPoint,
  reportRound,
} from '../testing/kill-during-writes';
import { BUCKET, PROJECT_ID, startTestEmulator, webClient, writeRules } from './testing/support';

const OPEN = writeRules(`rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if true; } } }`);
const TOTAL = 1000;
const ROUNDS = durabilityRounds();
/**
 * A round's bound: over twice the longest round seen in a full run, while other heavy processes
 * shared the 2 cores (a guard against a hung round, not a speed check).
 */
const ROUND_TIMEOUT_MS = 120_000;

const children: CliRun[] = [];
const adminApps: App[] = [];
afterAll(async () => {
  for (const run of children) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  const { deleteApp } = await import('firebase-admin/app');
  await Promise.all(adminApps.map((app) => deleteApp(app)));
});

/** Starts the CLI on `dataDir` and a free port; resolves with its URL. */
async function startServer(dataDir: string): Promise<{ run: CliRun; port: number }> {
  const run = spawnCli(join(import.meta.dirname, 'cli.ts'), [
    '--port',
    '0',
    '--rules',
    OPEN,
    '--resize-config',
    '/nonexistent.env',
    '--data-dir',
    dataDir,
  ]);
  children.push(run);
  const url = await cliUrl(run.output, 20_000, run.child);
  return { run, port: Number(new URL(url).port) };
}

/** Upload `i`'s bytes: 1 B to ~48 KiB, content depending on `i`, so a mix-up shows. */
function content(i: number): Buffer {
  const size = 1 + ((i * 7919) % 49_000);
  return Buffer.alloc(size, `upload ${i};`);
}

let adminCounter = 0;
/** A firebase-admin bucket talking to the server on `port` (GCS JSON API). */
async function adminBucket(port: number): Promise<Bucket> {
  // firebase-admin reads the variable when its Storage service is created.
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${port}`;
  delete process.env.STORAGE_EMULATOR_HOST;
  const { initializeApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `durability-admin-${++adminCounter}`,
  );
  adminApps.push(app);
  return getStorage(app).bucket();
}

/**
 * After the restart: every acknowledged upload is there, byte-identical, with its metadata;
 * every listed object (acknowledged or not) is complete; no leftover files in the directory.
 */
async function checkRestarted(
  what: string,
  round: number,
  dataDir: string,
  acked: Set<number>,
): Promise<void> {
  const { run, port } = await startServer(dataDir);
  const bucket = await adminBucket(port);
  const [files] = await bucket.getFiles({ prefix: 'd/' });
  const listed = new Set<number>();
  const wrong: string[] = [];
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let file = queue.pop(); file; file = queue.pop()) {
        const i = Number(file.name.slice(2));
        listed.add(i);
        const [bytes] = await file.download();
        const [metadata] = await file.getMetadata();
        if (!bytes.equals(content(i)) || metadata.metadata?.i !== String(i)) wrong.push(file.name);
      }
    }),
  );
  reportRound(what, round, acked.size, listed.size);
  expect(wrong).toEqual([]);
  expect([...acked].filter((i) => !listed.has(i))).toEqual([]);
  expect(listed.size).toBeGreaterThanOrEqual(acked.size);
  // Recovery removed the temporary files and the blobs no metadata names.
  expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
  expect(readdirSync(join(dataDir, 'blobs'))).toHaveLength(listed.size);
  expect(readdirSync(join(dataDir, 'objects')).every((f) => f.endsWith('.json'))).toBe(true);
  run.child.kill('SIGKILL');
  await run.exited;
}

describe(`data directory: SIGKILL during ${TOTAL} uploads, ${ROUNDS} round(s)`, () => {
  it(
    'web SDK (uploadBytes, multipart): every acknowledged upload survives',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const dataDir = mkdtempSync(join(tmpdir(), 'storage-durable-'));
        const { run, port } = await startServer(dataDir);
        const client = webClient({ host: '127.0.0.1', port });
        // Uploads cut by the kill are retried for at most 1 s, not the SDK's default 10 min.
        client.storage.maxUploadRetryTime = 1_000;
        const acked = await killDuringWrites({
          child: run.child,
          total: TOTAL,
          killAfter: randomKillPoint(TOTAL),
          write: (i) =>
            uploadBytes(ref(client.storage, `d/${i}`), content(i), {
              contentType: 'application/octet-stream',
              customMetadata: { i: String(i) },
            }),
        });
        await client.close();
        await checkRestarted('storage web SDK', round, dataDir, acked);
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  );

  it(
    'admin SDK (file.save, multipart): every acknowledged upload survives',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const dataDir = mkdtempSync(join(tmpdir(), 'storage-durable-'));
        const { run, port } = await startServer(dataDir);
        const bucket = await adminBucket(port);
        const acked = await killDuringWrites({
          child: run.child,
          total: TOTAL,
          killAfter: randomKillPoint(TOTAL),
          write: (i) =>
            bucket.file(`d/${i}`).save(content(i), {
              resumable: false,
              contentType: 'application/octet-stream',
              metadata: { metadata: { i: String(i) } },
            }),
        });
        await checkRestarted('storage admin', round, dataDir, acked);
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  );
});

describe('data directory: restart', () => {
  it('keeps uploads, metadata changes and deletions, and removes what a crash leaves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storage-durable-'));
    const rules = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if true; } } }`;
    const options = { dataDir, resizeConfigPath: '/nonexistent.env' };
    const { emulator: first } = await startTestEmulator(rules, options);
    const client = webClient(first);
    await uploadBytes(ref(client.storage, 'keep.txt'), Buffer.from('kept'), {
      contentType: 'text/plain',
    });
    await updateMetadata(ref(client.storage, 'keep.txt'), { customMetadata: { k: 'v' } });
    await uploadBytes(ref(client.storage, 'gone.txt'), Buffer.from('gone'));
    await deleteObject(ref(client.storage, 'gone.txt'));
    await client.close();
    await first.stop();
    // What a kill can leave: an upload in progress, a blob whose metadata was never written, a
    // metadata file cut before its rename.
    writeFileSync(join(dataDir, 'tmp', 'upload-in-progress'), 'half');
    writeFileSync(join(dataDir, 'blobs', 'orphan'), 'no metadata');
    writeFileSync(join(dataDir, 'objects', 'abc.json.123.tmp'), '{"bucket":');

    const { emulator: second, logs } = await startTestEmulator(rules, options);
    const again = webClient(second);
    try {
      expect(logs).toContain(`Storage emulator: 1 objects in data directory ${dataDir}`);
      const metadata = await getMetadata(ref(again.storage, 'keep.txt'));
      expect(metadata).toMatchObject({
        contentType: 'text/plain',
        customMetadata: { k: 'v' },
        metageneration: '2',
      });
      expect(Buffer.from(await getBytes(ref(again.storage, 'keep.txt'))).toString()).toBe('kept');
      expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
      expect(readdirSync(join(dataDir, 'blobs'))).toHaveLength(1);
      expect(readdirSync(join(dataDir, 'objects'))).toHaveLength(1);
    } finally {
      await again.close();
      await second.stop();
    }
    // stop() keeps a data directory.
    expect(readdirSync(join(dataDir, 'objects'))).toHaveLength(1);
  });
});
