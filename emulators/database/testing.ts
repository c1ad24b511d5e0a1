/**
 * Test helpers: a server with its own temporary rules file, SDK clients with distinct app names,
 * and a waiter for asynchronous conditions. Used by the `*.test.ts` files of this folder only.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { type Database, connectDatabaseEmulator, getDatabase } from 'firebase/database';
import {
  type DatabaseEmulator,
  type DatabaseEmulatorOptions,
  startDatabaseEmulator,
} from './index.js';
import { type CliRun, cliUrl, spawnCli as spawnAnyCli } from '../testing/cli.js';

/** Rules that allow everything. */
export const OPEN_RULES = { rules: { '.read': true, '.write': true } };

/** A temporary directory for one test file. */
export function tempDir(prefix = 'rtdb-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes `rules` to a fresh temporary file and returns its path. */
export function writeRules(rules: unknown, dir = tempDir()): string {
  const file = join(dir, 'database.rules.json');
  writeFileSync(file, JSON.stringify(rules));
  return file;
}

/** Starts a server on a free port with the given rules (written to a temp file). */
export async function startTestServer(
  rules: unknown = OPEN_RULES,
  options: DatabaseEmulatorOptions = {},
): Promise<DatabaseEmulator & { rulesPath: string }> {
  const rulesPath = options.rulesPath ?? writeRules(rules);
  const emu = await startDatabaseEmulator({ port: 0, ...options, rulesPath });
  return Object.assign(emu, { rulesPath });
}

let appCounter = 0;
const apps: FirebaseApp[] = [];

/** A web SDK client (unique app name) connected to `emu`, optionally as a mock user. */
export function webClient(
  emu: { port: number },
  opts: { ns?: string; uid?: string; claims?: Record<string, unknown> } = {},
): Database {
  const ns = opts.ns ?? 'demo-test';
  const app = initializeApp(
    {
      projectId: 'demo-test',
      apiKey: 'fake',
      databaseURL: `http://127.0.0.1:${emu.port}?ns=${ns}`,
    },
    `client-${++appCounter}-${process.pid}`,
  );
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(
    db,
    '127.0.0.1',
    emu.port,
    opts.uid ? { mockUserToken: { sub: opts.uid, user_id: opts.uid, ...opts.claims } } : undefined,
  );
  return db;
}

/** Deletes every app made by {@link webClient}. */
export async function deleteClients(): Promise<void> {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
}

/** Resolves once `check()` is truthy; rejects after `timeoutMs` with `what`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs this folder's `cli.ts` with `args` (see ../testing/cli.ts). */
export function spawnCli(args: string[]): CliRun {
  return spawnAnyCli(join(import.meta.dirname, 'cli.ts'), args);
}

export { cliUrl };
