/**
 * `npm run emulator:database -- [--host H] [--port P] [--rules FILE] [--import DIR]
 * [--export-on-exit DIR] [--data-dir DIR] [--functions HOST:PORT]`: starts the emulator, prints
 * one line containing `ready` and the URL, and stops cleanly (writing the export, if asked) on
 * SIGINT or SIGTERM. `--functions` is where function trigger events go (the Functions emulator).
 */
import { startDatabaseEmulator, type DatabaseEmulatorOptions } from './index.js';

const USAGE =
  'Usage: emulator:database [--host H] [--port P] [--rules FILE] [--import DIR] [--export-on-exit DIR] [--data-dir DIR] [--functions HOST:PORT]';

/**
 * Parses the command line.
 * @throws Error with a usage message on unknown flags or missing values
 */
export function parseArgs(argv: readonly string[]): DatabaseEmulatorOptions {
  const options: DatabaseEmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? flag.split(/=(.*)/s, 2) : [flag, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value\n${USAGE}`);
      return v;
    };
    switch (name) {
      case '--host':
        options.host = value();
        break;
      case '--port': {
        const p = Number(value());
        if (!Number.isInteger(p) || p < 0 || p > 65535) throw new Error(`Invalid port\n${USAGE}`);
        options.port = p;
        break;
      }
      case '--rules':
        options.rulesPath = value();
        break;
      case '--import':
        options.importDir = value();
        break;
      case '--export-on-exit':
        options.exportOnExitDir = value();
        break;
      case '--data-dir':
        options.dataDir = value();
        break;
      case '--functions': {
        const m = /^(.+):(\d+)$/.exec(value());
        if (!m) throw new Error(`--functions needs HOST:PORT\n${USAGE}`);
        options.functionsEmulator = { host: m[1]!, port: Number(m[2]) };
        break;
      }
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  let options: DatabaseEmulatorOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const emulator = await startDatabaseEmulator({ ...options, log: (line) => console.log(line) });
  console.log(`Database emulator ready on ${emulator.url}`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`Database emulator stopping (${signal})`);
    emulator.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Database emulator failed to stop cleanly: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`Database emulator failed to start: ${(err as Error).message}`);
  process.exit(1);
});
