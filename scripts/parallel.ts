/**
 * Runs npm scripts side by side and fails when any fails. `npm run checks` runs the functions
 * build, the typecheck, lint and the format check this way; `npm test` runs the last three beside
 * the tests themselves, which start at once with the local backend instead of waiting for them:
 *
 *   tsx scripts/parallel.ts setup typecheck lint format:check
 *   tsx scripts/parallel.ts --fail-fast --live test:vitest typecheck lint format:check
 *
 * Each script's output is held and printed whole when it ends, under a line with its name, exit
 * code and seconds, so the outputs do not interleave; the `--live` script's output is passed on
 * as it comes (a test run's progress). Exits 1 when a script fails, 0 otherwise: after all have
 * ended, or with `--fail-fast` as soon as one fails, once the others (each in a process group of
 * its own) have been stopped with SIGTERM and have exited, so no server of theirs is left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runIfMain } from './runMain';

/** How one script ended. */
interface Outcome {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

/** A script started: its process and how it ends. */
interface Running {
  child: ChildProcess;
  ended: Promise<Outcome>;
}

/**
 * Starts `npm run <name>` in a process group of its own; its stdout and stderr are collected in
 * the order they come, or passed on (`live`).
 */
function start(name: string, live: boolean): Running {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    detached: true,
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(String(chunk)));
  const ended = new Promise<Outcome>((resolve) => {
    const end = (code: number) =>
      resolve({ name, code, seconds: (Date.now() - started) / 1000, output: chunks.join('') });
    child.once('error', (error) => {
      chunks.push(String(error));
      end(127);
    });
    child.once('exit', (code, signal) => end(code ?? (signal ? 128 : 1)));
  });
  return { child, ended };
}

/** Sends SIGTERM to the process group of each script still running. */
function stopAll(scripts: Running[]): void {
  for (const { child } of scripts) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // The group has ended meanwhile.
    }
  }
}

/** The command: see the module comment. Resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'fail-fast': { type: 'boolean' }, live: { type: 'string' } },
  });
  const names = [...(values.live ? [values.live] : []), ...positionals];
  if (names.length === 0) {
    console.error('usage: tsx scripts/parallel.ts [--fail-fast] [--live <script>] <npm script>...');
    return 2;
  }
  const scripts = names.map((name) => start(name, name === values.live));
  // A Ctrl-C or a CI timeout reaches this process only: pass it on to the scripts' groups.
  const forward = () => stopAll(scripts);
  process.once('SIGINT', forward);
  process.once('SIGTERM', forward);
  let failed = false;
  await Promise.all(
    scripts.map(({ ended }) =>
      ended.then((outcome) => {
        const verdict = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
        const stopped = failed && outcome.code !== 0 ? ' (stopped: another script failed)' : '';
        console.log(
          `\n== npm run ${outcome.name}: ${verdict}${stopped} in ${outcome.seconds.toFixed(1)} s`,
        );
        if (outcome.output.trim()) console.log(outcome.output.trimEnd());
        if (outcome.code !== 0 && !failed) {
          failed = true;
          if (values['fail-fast']) stopAll(scripts);
        }
      }),
    ),
  );
  return failed ? 1 : 0;
}

runIfMain(import.meta.url, main);
