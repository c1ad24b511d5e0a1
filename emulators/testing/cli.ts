/**
 * Runs an emulator's `cli.ts` as a child process, as `npm run emulator:*` does, for tests that
 * need a real process (SIGKILL, exit codes). Used by the tests of emulators/database and
 * emulators/storage.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A spawned CLI: the child, its temporary working directory and everything it printed. */
export interface CliRun {
  child: ChildProcess;
  cwd: string;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<void>;
}

/**
 * Runs `cliPath` (a `.ts` file) with `args` under tsx in a fresh temp working directory. The
 * caller kills the child when done.
 */
export function spawnCli(cliPath: string, args: string[]): CliRun {
  // Absolute loader path: the CLI runs in a temp cwd where `tsx` would not resolve.
  const tsx = pathToFileURL(
    join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs'),
  ).href;
  const cwd = mkdtempSync(join(tmpdir(), 'emulator-cli-'));
  const child = spawn(process.execPath, ['--import', tsx, cliPath, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, cwd, output: () => out, exited };
}

/**
 * Waits for the CLI's ready line (`… ready on http://127.0.0.1:<port>`) and returns the URL.
 *
 * @throws Error after `timeoutMs`, or at once if the process exits first, with its output
 */
export async function cliUrl(
  output: () => string,
  timeoutMs = 20_000,
  child?: ChildProcess,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (match) return match[1]!;
    if (Date.now() > deadline || (child && child.exitCode !== null))
      throw new Error(`No ready line from the CLI; it printed:\n${output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
