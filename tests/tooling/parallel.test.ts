/**
 * scripts/parallel.ts, as `npm test` uses it: real npm scripts of a package made for the test,
 * run through the command itself in a child process (its exit code, its output, and whether a
 * script's processes are left running).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const COMMAND = path.resolve('scripts/parallel.ts');
const TSX = path.resolve('node_modules/.bin/tsx');
const dir = mkdtempSync(path.join(tmpdir(), 'parallel-'));
/** Where the slow script writes its pid, and (if it is not stopped) that it finished. */
const pidFile = path.join(dir, 'slow.pid');
const doneFile = path.join(dir, 'slow.done');

writeFileSync(
  path.join(dir, 'package.json'),
  JSON.stringify({
    private: true,
    scripts: {
      ok: 'node -e "console.log(\'ok output\')"',
      fails: 'node -e "console.error(\'broken\'); process.exit(3)"',
      // Fails once the slow script has started (its pid written), so it has something to stop.
      failsAfterSlow: `node -e "setInterval(() => { if (require('fs').existsSync('${pidFile}')) { console.error('broken'); process.exit(3) } }, 50)"`,
      slow: `node -e "require('fs').writeFileSync('${pidFile}', String(process.pid)); setTimeout(() => require('fs').writeFileSync('${doneFile}', 'done'), 8000)"`,
    },
  }),
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command in the test package; its exit code and output. */
async function parallel(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(TSX, [COMMAND, ...args], { cwd: dir });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

/** Whether a process with this pid runs (a zombie, ended but not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('scripts/parallel.ts', () => {
  it('runs every script and prints each output whole under its verdict', async () => {
    const { code, out } = await parallel('ok', 'ok');
    expect(code).toBe(0);
    expect(out.match(/== npm run ok: ok in [\d.]+ s\nok output/g)).toHaveLength(2);
  });

  it('fails when one fails, after the others have ended', async () => {
    const { code, out } = await parallel('ok', 'fails');
    expect(code).toBe(1);
    expect(out).toMatch(/== npm run fails: FAILED \(exit 3\) in [\d.]+ s\nbroken/);
    expect(out).toMatch(/== npm run ok: ok/);
  });

  it('with --fail-fast, stops the live script at the first failure and leaves nothing running', async () => {
    const { code, out } = await parallel('--fail-fast', '--live', 'slow', 'failsAfterSlow');
    expect(code).toBe(1);
    expect(out).toMatch(/== npm run failsAfterSlow: FAILED \(exit 3\)/);
    expect(out).toMatch(/== npm run slow: FAILED \(exit \d+\) \(stopped: another script failed\)/);
    // Its node process is gone, not orphaned, and never reached the end of its 8 s.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // SIGTERM reached its process group; the node process may take a moment to go.
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    expect(() => readFileSync(doneFile)).toThrow();
  });
});
