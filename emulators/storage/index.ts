import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportStore, importStore } from './persistence';
import { readEnvFile, resizeConfigFromEnv } from './resize/config';
import { Resizer } from './resize/resizer';
import { RulesEngine } from './rules';
import { createStorageServer } from './server';
import { StorageService } from './service';
import { ObjectStore } from './store';

/** Default size limit of one object: 5 GiB, as a single GCS upload. */
const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;

export interface StorageEmulatorOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port; default 9199; `0` picks any free port (see `StorageEmulator.port`). */
  port?: number;
  /**
   * Rules file; default `<cwd>/storage.rules`. Watched and reloaded on change; `PUT
   * /internal/setRules` replaces its rules until the file changes again.
   */
  rulesPath?: string;
  /** Resize Images settings; default `<cwd>/extensions/storage-resize-images.env`. Missing file: no resizing. */
  resizeConfigPath?: string;
  /** Load an export (`<dir>/storage/`) at start. */
  importDir?: string;
  /** Export here when `stop()` is called. */
  exportOnExitDir?: string;
  /**
   * Durable data directory: objects and metadata live here (`blobs/`, `objects/`, `tmp/`), every
   * upload and metadata change is fsynced before it is acknowledged, and the next start with the
   * same directory serves them (store.ts, README "Durability"). Loaded before `importDir`.
   */
  dataDir?: string;
  /** Receives log lines; default `console.log`. */
  log?: (line: string) => void;
  /** Largest object accepted, in bytes (default 5 GiB); bigger uploads fail with 413. */
  maxUploadBytes?: number;
}

export interface StorageEmulator {
  readonly host: string;
  readonly port: number;
  /** `http://host:port`. */
  readonly url: string;
  /** Exports (if `exportOnExitDir`), closes connections, deletes the working files. */
  stop(): Promise<void>;
  /** Deletes every object of every bucket and drops upload sessions. */
  clear(): Promise<void>;
  /** Writes an export to `dir` (atomically; see persistence.ts). */
  exportTo(dir: string): Promise<void>;
  /** Resolves when every pending resize copy has been written. */
  whenIdle(): Promise<void>;
  /**
   * Working directory holding live blobs (`blobs/`) and in-flight uploads (`tmp/`): the data
   * directory if given (kept by stop()), else a temporary one (deleted by stop()).
   */
  readonly workDir: string;
}

/**
 * Starts a local Cloud Storage for Firebase server: the web SDK's `/v0` API with rules, the GCS
 * JSON API for firebase-admin, the Resize Images stand-in and import/export.
 *
 * @throws Error when the port is taken or the import is corrupt.
 */
export async function startStorageEmulator(
  options: StorageEmulatorOptions = {},
): Promise<StorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const workDir = dataDir ?? (await mkdtemp(join(tmpdir(), 'storage-emulator-')));
  // Never delete a data directory: only the temporary working directory goes.
  const removeWorkDir = () =>
    dataDir ? Promise.resolve() : rm(workDir, { recursive: true, force: true });
  const store = await ObjectStore.create(workDir, dataDir !== undefined);
  if (dataDir) log(`Storage emulator: ${store.size} objects in data directory ${dataDir}`);

  const rules = new RulesEngine(resolve(options.rulesPath ?? 'storage.rules'), log);
  rules.load();
  rules.watch();
  const service = new StorageService(
    store,
    rules,
    options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    log,
  );

  let resizer: Resizer | undefined;
  const resizeConfigPath = resolve(
    options.resizeConfigPath ?? join('extensions', 'storage-resize-images.env'),
  );
  if (existsSync(resizeConfigPath)) {
    resizer = new Resizer(service, resizeConfigFromEnv(readEnvFile(resizeConfigPath)), log);
  } else {
    log(`Resize Images: ${resizeConfigPath} not found; no resized copies will be made`);
  }

  try {
    if (options.importDir) {
      const count = await importStore(store, resolve(options.importDir));
      log(`Storage emulator: imported ${count} objects from ${options.importDir}`);
    }
  } catch (error) {
    rules.close();
    await removeWorkDir();
    throw error;
  }
  // Registered after the import: imported originals already have their copies.
  if (resizer) store.onCommit(resizer.onCommit);

  const clear = async () => {
    await resizer?.whenIdle();
    await service.dropSessions();
    await store.clear();
  };
  const exportTo = async (dir: string) => {
    await resizer?.whenIdle();
    await exportStore(store, resolve(dir));
  };
  const server = createStorageServer(service, log, { reset: clear, exportTo });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 9199, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  }).catch(async (error: unknown) => {
    rules.close();
    await removeWorkDir();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let stopping: Promise<void> | undefined;

  return {
    host,
    port,
    url,
    workDir,
    whenIdle: async () => {
      await resizer?.whenIdle();
    },
    clear,
    exportTo,
    stop: () => {
      stopping ??= (async () => {
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeIdleConnections();
        // Give in-flight requests a moment, then cut whatever is left (stalled uploads).
        const timer = setTimeout(() => server.closeAllConnections(), 2_000);
        await closed;
        clearTimeout(timer);
        rules.close();
        await resizer?.whenIdle();
        try {
          if (options.exportOnExitDir) {
            await exportStore(store, resolve(options.exportOnExitDir));
            log(`Storage emulator: exported to ${options.exportOnExitDir}`);
          }
        } finally {
          await service.dropSessions();
          await removeWorkDir();
        }
      })();
      return stopping;
    },
  };
}
