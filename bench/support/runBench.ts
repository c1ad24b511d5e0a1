/**
 * How a bench that needs the local backend runs: on the one already listening, or else inside a
 * fresh, empty one of its own (`emulators/start.ts --exec`, as the tests have), which the backend
 * stops when the bench ends; and how a bench file runs when it is the command (`npx tsx
 * bench/x.ts`) rather than imported by bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_NAMESPACE, HOST, PORTS } from '../../emulators/config';
import { reachable } from './reachable';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Whether the local backend is up: inside `emulators/start.ts --exec` (APP_URL set) it is, without
 * probing (on a loaded machine a probe can take longer than its 1.5 s and would start a second
 * backend on taken ports); else Authentication and the database both answer.
 */
export async function backendUp(): Promise<boolean> {
  return (
    process.env.APP_URL !== undefined ||
    ((await reachable(`http://${HOST}:${PORTS.auth}/`)) &&
      (await reachable(`http://${HOST}:${PORTS.database}/.json?ns=${DATABASE_NAMESPACE}`)))
  );
}

/**
 * Runs `measure` when the backend is up; else runs the bench file `self` (its `import.meta.url`)
 * again with `args` (default this command's) inside a backend of its own, and waits for it.
 * @throws Error naming the bench when the run inside exits with a failure
 */
export async function withBackend(
  self: string,
  measure: () => Promise<void>,
  args: readonly string[] = process.argv.slice(2),
): Promise<void> {
  if (await backendUp()) return measure();
  const file = fileURLToPath(self);
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      join(ROOT, 'emulators/start.ts'),
      '--exec',
      `npx tsx ${file} ${args.join(' ')}`.trim(),
    ],
    { stdio: 'inherit', cwd: ROOT },
  );
  if (result.status !== 0)
    throw new Error(`the ${basename(file, '.ts')} bench exited with ${result.status}`);
}

/** Whether the module `self` (its `import.meta.url`) is the command being run. */
export function isCommand(self: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(self) === resolve(process.argv[1]);
}

/**
 * The end of a bench file: when it is the command, prints `usage` for `--help` (if given), else
 * awaits `run` and exits (open handles such as a Firebase app's would keep the process alive).
 */
export async function runBench(
  self: string,
  run: () => Promise<void>,
  usage?: string,
): Promise<void> {
  if (!isCommand(self)) return;
  if (usage !== undefined && process.argv.includes('--help')) {
    console.log(usage);
    process.exit(0);
  }
  await run();
  process.exit(0);
}
