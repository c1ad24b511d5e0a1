/**
 * Helpers shared by the Storage emulator's test files: a server per file on a free port with its
 * own rules file, and web SDK clients signed in as given users (mock ID tokens, no Auth emulator).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getStorage,
  type FirebaseStorage,
  type UploadTask,
} from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator, type StorageEmulatorOptions } from '../index';

export const PROJECT_ID = 'demo-tuition';
export const BUCKET = 'demo-tuition.appspot.com';

/** Writes `source` to a fresh temp `storage.rules` and returns its path. */
export function writeRules(source: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'storage-rules-')), 'storage.rules');
  writeFileSync(path, source);
  return path;
}

/** Starts a server on a free port; log lines are collected in `logs`. */
export async function startTestEmulator(
  rules: string,
  options: StorageEmulatorOptions = {},
): Promise<{ emulator: StorageEmulator; logs: string[]; rulesPath: string }> {
  const logs: string[] = [];
  const rulesPath = writeRules(rules);
  const emulator = await startStorageEmulator({
    port: 0,
    rulesPath,
    log: (line) => logs.push(line),
    ...options,
  });
  return { emulator, logs, rulesPath };
}

/** Claims of a mock user: `user_id` plus custom claims such as `admin: true`. */
export type MockUser = { user_id: string } & Record<string, unknown>;

let appCounter = 0;

/** A web SDK client of the emulator, signed in as `user` (or signed out). */
export interface WebClient {
  app: FirebaseApp;
  storage: FirebaseStorage;
  close(): Promise<void>;
}

export function webClient(
  emulator: Pick<StorageEmulator, 'host' | 'port'>,
  user?: MockUser,
  bucket = BUCKET,
): WebClient {
  const app = initializeApp(
    { projectId: PROJECT_ID, apiKey: 'fake-api-key', storageBucket: bucket },
    `storage-test-${++appCounter}`,
  );
  const storage = getStorage(app);
  connectStorageEmulator(
    storage,
    emulator.host,
    emulator.port,
    user ? { mockUserToken: user } : {},
  );
  return { app, storage, close: () => deleteApp(app) };
}

/** The `code` of a rejected Firebase call (e.g. `storage/unauthorized`), or `'resolved'`. */
/** Accepts promises and `UploadTask`s. */
export async function errorCode(
  promise: { then: UploadTask['then'] } | Promise<unknown>,
): Promise<string> {
  try {
    await (promise as Promise<unknown>);
    return 'resolved';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** A tiny valid PNG of the given size, for image uploads. */
export async function pngBytes(width: number, height: number): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}
