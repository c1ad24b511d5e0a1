/**
 * emulators/start.ts after a hard kill: the next start stops the processes the killed run left
 * (firebase-tools and its function workers hold ports 9099/5001/4400/4500) and starts; a port held
 * by an unrelated process is named with its pid and command line.
 *
 * start.ts uses the standard ports, so each case runs in a private network namespace
 * (`unshare -rn`, an unprivileged user namespace); where that is not available the tests are
 * skipped. Data goes to a temporary LOCAL_DATA_DIR, never to .local-data, removed after each case.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_NAMESPACE } from './config';
import { listProcesses } from './leftovers';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules/tsx/dist/loader.mjs');
const canUnshare = spawnSync('unshare', ['-rn', 'true']).status === 0;

/** Runs `script` with bash in a fresh network namespace with loopback up; returns its output. */
function inNetns(script: string, env: Record<string, string>): { code: number; output: string } {
  const result = spawnSync('unshare', ['-rn', 'bash', '-c', `ip link set lo up\n${script}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/** Bash: starts start.ts (args) logging to $1, waits for a line matching $2 or the exit. */
const START = `
start() { node --import ${TSX} emulators/start.ts --backend-only > "$1" 2>&1 & pid=$!
  for _ in $(seq 1 600); do grep -qE "$2" "$1" && return 0; kill -0 $pid 2>/dev/null || return 1; sleep 0.2; done; return 1; }
`;

/** Temporary directories of this file's cases, removed after each. */
const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * A data directory whose database already holds a record, so that neither start seeds the demo
 * data: the seed runs the database triggers in the function worker (seconds of CPU), and what this
 * file checks (the kill's leftovers, the next start) does not depend on it. The worker itself
 * still runs once firebase-tools is ready (start.ts runs the functions in one worker, started as
 * they load), so the killed run still leaves firebase-tools with its worker.
 */
function nonEmptyDataDir(dir: string): string {
  const data = join(dir, 'data');
  mkdirSync(join(data, 'database'), { recursive: true });
  // The snapshot the durable database directory starts from: export format, one file per namespace.
  writeFileSync(
    join(data, 'database', `${DATABASE_NAMESPACE}.json`),
    JSON.stringify({ startTest: true }),
  );
  return data;
}

describe.skipIf(!canUnshare)('start.ts after a hard kill', () => {
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('SIGKILL of start.ts: the next start stops what it left and works', () => {
    const dir = tempDir('start-kill-');
    const { code, output } = inNetns(
      `${START}
start ${dir}/first.log 'Local backend ready' || { cat ${dir}/first.log; exit 3; }
first=$pid
kill -9 $first; wait $first 2>/dev/null
# What the kill left still holds the Auth port.
(exec 3<>/dev/tcp/127.0.0.1/9099) 2>/dev/null && echo "auth port held after kill"
ps -A -ww -o pgid=,args= > ${dir}/after-kill.ps
start ${dir}/second.log 'Local backend ready' || { cat ${dir}/second.log; exit 4; }
kill -TERM $pid; wait $pid; echo "second exit $?"`,
      { LOCAL_DATA_DIR: nonEmptyDataDir(dir) },
    );
    const first = readFileSync(join(dir, 'first.log'), 'utf8');
    const second = readFileSync(join(dir, 'second.log'), 'utf8');
    // The script's output (with the failing start's log) is the message when it did not end well.
    expect(code, output).toBe(0);
    expect(output).toContain('auth port held after kill');
    expect(second).toMatch(/Stopping firebase-tools \(pid (\d+)\) left by a local backend/);
    // firebase-tools exits on SIGINT and leaves its function worker, which waits for a second
    // SIGINT: the worker is stopped once firebase-tools has gone, not after the grace.
    expect(second).toMatch(/firebase-tools \(pid \d+\) exited; stopping what it left/);
    expect(second).toContain('Local backend ready');
    // Both starts found the prepared record: nothing was seeded.
    expect(`${first}${second}`).not.toContain('✔ seed');
    expect(output).toContain('second exit 0');
    // The kill left the firebase-tools group with its function worker (ps right after the kill);
    // the second start left nothing of that group.
    const group = Number(/firebase-tools \(pid (\d+)\)/.exec(second)![1]);
    const afterKill = readFileSync(join(dir, 'after-kill.ps'), 'utf8').split('\n');
    expect(
      afterKill.some(
        (line) => line.trim().startsWith(`${group} `) && /functionsEmulatorRuntime/.test(line),
      ),
      afterKill.join('\n'),
    ).toBe(true);
    expect(listProcesses().filter((p) => p.pgid === group)).toEqual([]);
  }, 250_000);

  it('a port held by an unrelated process is named with its pid and command', () => {
    const dir = tempDir('start-port-');
    const { output } = inNetns(
      `${START}
node -e "require('net').createServer().listen(9000, '127.0.0.1'); setTimeout(() => {}, 60000)" & holder=$!
for _ in $(seq 1 300); do (exec 3<>/dev/tcp/127.0.0.1/9000) 2>/dev/null && break; sleep 0.05; done
start ${dir}/log 'cannot start' ; wait $pid; echo "holder $holder"; cat ${dir}/log; kill $holder`,
      { LOCAL_DATA_DIR: join(dir, 'data') },
    );
    const holder = /holder (\d+)/.exec(output)![1];
    expect(output).toContain(
      `port 9000 (database) is in use by pid ${holder} (node -e require('net').createServer()`,
    );
    expect(output).toContain(`stop it with: kill ${holder}`);
    expect(output).not.toMatch(/^ports in use/m);
  }, 60_000);
});
