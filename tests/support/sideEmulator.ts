/**
 * A second firebase-tools emulator beside the shared local backend, for tests that need one of
 * their own (tests/e2e/hosting.test.ts: Hosting with the production build;
 * tests/integration/functionsRegion.test.ts: Functions in another region). It runs in `dir` with
 * a `firebase.json` written here, on ports that are free now (the shared backend holds the
 * standard ones), and prints firebase-tools' output when it fails to start.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startFirebaseTools, type FirebaseToolsProcess } from '../../emulators/firebase-tools';

const HOST = '127.0.0.1';

/** A TCP port that is free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** What {@link startSideEmulator} needs. */
export interface SideEmulatorOptions {
  /** The project directory (firebase.json is written into it). */
  dir: string;
  projectId: string;
  /** The emulator to run. */
  service: 'hosting' | 'functions';
  /** firebase.json's other top-level entries, e.g. `{ hosting: {...} }` or `{ functions: [...] }`. */
  config: Record<string, unknown>;
  readyTimeoutMs: number;
}

/** A started side emulator: its process, the port its service answers on, its output lines. */
export interface SideEmulator {
  process: FirebaseToolsProcess;
  /** The service's port on 127.0.0.1. */
  port: number;
  /** firebase-tools' output so far (it keeps growing while the emulator runs). */
  log: readonly string[];
}

/**
 * Writes `dir/firebase.json` (the config plus an emulators block on free ports) and starts the
 * one emulator. Stop it with `process.stop()`.
 * @throws firebase-tools' start error, after printing its output.
 */
export async function startSideEmulator(options: SideEmulatorOptions): Promise<SideEmulator> {
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(options.dir, 'firebase.json'),
    JSON.stringify({
      ...options.config,
      emulators: {
        [options.service]: { host: HOST, port },
        hub: { host: HOST, port: hub },
        logging: { host: HOST, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const log: string[] = [];
  const process = await startFirebaseTools({
    cwd: options.dir,
    projectId: options.projectId,
    only: [options.service],
    env: {},
    onLine: (line) => log.push(line),
    readyTimeoutMs: options.readyTimeoutMs,
  }).catch((error: unknown) => {
    console.error(log.join('\n'));
    throw error;
  });
  return { process, port, log };
}
