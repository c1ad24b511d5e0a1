/**
 * stopLeftovers on what a killed local backend leaves: a process group whose leader exits on
 * SIGINT while a member ignores a first SIGINT (firebase-tools and its function worker, as a
 * SIGKILL of emulators/start.ts leaves them) is stopped without waiting out the grace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listProcesses, stopLeftovers } from './leftovers';

/** Like firebase-tools' runtime: exits only on a second SIGINT; SIGTERM ends it. */
const WORKER = `let n = 0; process.on('SIGINT', () => { if (++n >= 2) process.exit(1); });
setInterval(() => {}, 1000); console.log('worker ready');`;
/** Like firebase-tools after its owner was killed: exits on SIGINT, leaving its worker running. */
const LEADER = `const { spawn } = require('node:child_process');
const worker = spawn(process.execPath, ['-e', ${JSON.stringify(WORKER)}],
  { stdio: ['ignore', 'pipe', 'inherit'] });
worker.stdout.once('data', () => console.log('ready ' + worker.pid));
process.on('SIGINT', () => process.exit(0));
setInterval(() => {}, 1000);`;

const dirs: string[] = [];
const groups: number[] = [];
afterEach(() => {
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stopLeftovers', () => {
  it('stops a group whose leader exits on SIGINT and whose worker waits for a second one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leftovers-'));
    dirs.push(dir);
    const leader = spawn(process.execPath, ['-e', LEADER], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pgid = leader.pid!;
    groups.push(pgid);
    const workerPid = await new Promise<number>((resolve) =>
      leader.stdout.once('data', (data: Buffer) =>
        resolve(Number(/ready (\d+)/.exec(`${data}`)![1])),
      ),
    );
    // The run's owner is gone (a process that has exited), as after a SIGKILL of start.ts.
    const owner = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    const argsOf = (pid: number) => listProcesses().find((p) => p.pid === pid)!.args;
    writeFileSync(
      join(dir, '1.json'),
      JSON.stringify({
        startedAt: new Date().toISOString(),
        owner: {
          name: 'emulators/start.ts',
          pid: Number(owner.stdout),
          ppid: 1,
          args: 'gone',
          group: false,
        },
        children: [{ name: 'firebase-tools', pid: pgid, args: argsOf(pgid), group: true }],
      }),
    );
    const said: string[] = [];
    // A grace longer than the test's timeout: waiting it out fails the test.
    const unstoppable = await stopLeftovers(dir, (line) => said.push(line), 120_000);
    expect(unstoppable).toEqual([]);
    expect(listProcesses().filter((p) => p.pgid === pgid && !p.args.endsWith('<defunct>'))).toEqual(
      [],
    );
    expect(listProcesses().some((p) => p.pid === workerPid && !p.args.endsWith('<defunct>'))).toBe(
      false,
    );
    expect(said.join('\n')).toContain(`firebase-tools (pid ${pgid}) exited; stopping what it left`);
  }, 30_000);
});
