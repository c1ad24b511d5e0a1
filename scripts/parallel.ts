/**
 * Runs npm scripts side by side and fails when any fails (`npm run checks` runs the functions
 * build, the typecheck, lint and the format check this way; `npm test` the last three, inside
 * emulators/start.ts --exec, so that they overlap the backend's start, which mostly waits):
 *
 *   tsx scripts/parallel.ts setup typecheck lint format:check
 *
 * Each script's output is held and printed whole when it ends, under a line with its name, exit
 * code and seconds, so the outputs do not interleave. Exits 1 when a script fails (after all have
 * ended), 0 otherwise.
 */
import { spawn } from 'node:child_process';
import { runIfMain } from './runMain';

/** How one script ended. */
interface Outcome {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

/** Runs `npm run <name>`, collecting stdout and stderr in the order they come. */
function run(name: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: string[] = [];
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(String(chunk)));
    const end = (code: number) =>
      resolve({ name, code, seconds: (Date.now() - started) / 1000, output: chunks.join('') });
    child.once('error', (error) => {
      chunks.push(String(error));
      end(127);
    });
    child.once('exit', (code, signal) => end(code ?? (signal ? 128 : 1)));
  });
}

async function main(names: string[]): Promise<number> {
  if (names.length === 0) {
    console.error('usage: tsx scripts/parallel.ts <npm script>...');
    return 2;
  }
  const outcomes = await Promise.all(
    names.map((name) =>
      run(name).then((outcome) => {
        const verdict = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
        console.log(`\n== npm run ${name}: ${verdict} in ${outcome.seconds.toFixed(1)} s`);
        if (outcome.output.trim()) console.log(outcome.output.trimEnd());
        return outcome;
      }),
    ),
  );
  return outcomes.every((outcome) => outcome.code === 0) ? 0 : 1;
}

runIfMain(import.meta.url, main);
