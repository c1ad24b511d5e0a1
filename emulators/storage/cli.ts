/**
 * `npm run emulator:storage -- [--host H] [--port P] [--rules FILE] [--resize-config FILE]
 * [--import DIR] [--export-on-exit DIR] [--data-dir DIR]`
 *
 * Prints `Storage emulator ready on http://H:P` once listening; on SIGINT/SIGTERM it stops
 * cleanly (exporting first when `--export-on-exit` is given) and exits 0. Exit 1 on bad arguments
 * or a failed start (port taken, corrupt import).
 */
import { parseArgs } from 'node:util';
import { startStorageEmulator, type StorageEmulatorOptions } from './index';

const USAGE =
  'Usage: emulator:storage [--host H] [--port P] [--rules FILE] [--resize-config FILE] [--import DIR] [--export-on-exit DIR] [--data-dir DIR]';

async function main(): Promise<void> {
  const started = performance.now();
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        rules: { type: 'string' },
        'resize-config': { type: 'string' },
        import: { type: 'string' },
        'export-on-exit': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    console.error(`Invalid --port ${String(values.port)}\n${USAGE}`);
    process.exit(1);
  }
  const str = (key: string): string | undefined =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const options: StorageEmulatorOptions = {
    ...(str('host') ? { host: str('host') } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(str('rules') ? { rulesPath: str('rules') } : {}),
    ...(str('resize-config') ? { resizeConfigPath: str('resize-config') } : {}),
    ...(str('import') ? { importDir: str('import') } : {}),
    ...(str('export-on-exit') ? { exportOnExitDir: str('export-on-exit') } : {}),
    ...(str('data-dir') ? { dataDir: str('data-dir') } : {}),
  };
  const emulator = await startStorageEmulator(options);
  console.log(
    `Storage emulator ready on ${emulator.url} (${Math.round(performance.now() - started)} ms)`,
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`Storage emulator: ${signal}, stopping`);
    emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Storage emulator: stop failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Storage emulator failed to start: ${(error as Error).message}`);
  process.exit(1);
});
