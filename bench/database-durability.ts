/**
 * Cost of the database emulator's durable data directory (emulators/database/journal.ts): protocol
 * writes/s (`p`, acknowledged) with `--data-dir` against without, 1 and 50 bare protocol clients,
 * 20 writes in flight each, best of 3 interleaved phases of 1.5 s. With a data directory every
 * acknowledgement waits for the `fdatasync` of its event-loop turn's journal batch, so the figure
 * depends on the disk: the file system type of the data directory is printed with it
 * (`BENCH_DATA_DIR` chooses its parent; default the OS temp dir). Prints figures; never fails for
 * slowness.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';

const ROOT = join(import.meta.dirname, '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const CLI = join(ROOT, 'emulators', 'database', 'cli.ts');
const PHASE_MS = 1500;
const ROUNDS = 3;
const WINDOW = 20;

/** A running CLI server and its port. */
interface Server {
  port: number;
  child: ChildProcess;
}

async function startServer(extra: string[]): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-durability-bench-'));
  const rules = join(dir, 'database.rules.json');
  writeFileSync(rules, JSON.stringify({ rules: { '.read': true, '.write': true } }));
  const child = spawn(
    process.execPath,
    ['--import', TSX, CLI, '--port', '0', '--rules', rules, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  return { port, child };
}

function stop(server: Server): Promise<void> {
  return new Promise((r) => {
    if (server.child.exitCode !== null) return r();
    server.child.on('exit', () => r());
    server.child.kill('SIGTERM');
  });
}

/** A bare protocol client that resolves each request on its response. */
async function rawClient(port: number): Promise<{
  request: (a: string, b: unknown) => Promise<void>;
  close: () => void;
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=durability`);
  const pending = new Map<number, () => void>();
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { t?: string; d?: { r?: number } };
    const r = msg.t === 'd' ? msg.d?.r : undefined;
    if (r !== undefined) {
      pending.get(r)?.();
      pending.delete(r);
    }
  });
  let next = 1;
  return {
    request: (a, b) =>
      new Promise((resolve) => {
        const r = next++;
        pending.set(r, resolve);
        ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
      }),
    close: () => ws.terminate(),
  };
}

/** Acknowledged protocol writes per second from `n` clients, WINDOW in flight each. */
async function writesPerSecond(port: number, n: number): Promise<number> {
  const clients = await Promise.all(Array.from({ length: n }, () => rawClient(port)));
  try {
    const start = performance.now();
    const deadline = start + PHASE_MS;
    const counts = await Promise.all(
      clients.map(async (c, ci) => {
        let done = 0;
        let i = 0;
        const lane = async (): Promise<void> => {
          while (performance.now() < deadline) {
            await c.request('p', { p: `/bench/w/c${ci}/k${i++ % 500}`, d: { i, at: 1 } });
            done++;
          }
        };
        await Promise.all(Array.from({ length: WINDOW }, lane));
        return done;
      }),
    );
    return counts.reduce((a, b) => a + b, 0) / ((performance.now() - start) / 1000);
  } finally {
    clients.forEach((c) => c.close());
  }
}

/** File system type of `dir` by its statfs magic number. */
function fsType(dir: string): string {
  const names: Record<number, string> = {
    0xef53: 'ext4',
    0x01021994: 'tmpfs',
    0x58465342: 'xfs',
    0x9123683e: 'btrfs',
    0x794c7630: 'overlayfs',
  };
  const type = statfsSync(dir).type;
  return names[type] ?? `0x${type.toString(16)}`;
}

/** Runs the figures and prints them (see the module comment). */
export async function runDatabaseDurabilityBench(): Promise<void> {
  const parent = process.env.BENCH_DATA_DIR ?? tmpdir();
  const dataDir = mkdtempSync(join(parent, 'rtdb-data-'));
  console.log('\n# Database emulator durability (--data-dir)');
  console.log(
    `data dir on ${fsType(dataDir)} (${parent}); protocol writes acknowledged; ${WINDOW} in flight per client; ` +
      `best of ${ROUNDS} interleaved ${PHASE_MS} ms phases`,
  );
  const servers = { off: await startServer([]), on: await startServer(['--data-dir', dataDir]) };
  const best: Record<string, number> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const n of [1, 50]) {
        for (const mode of order) {
          const v = await writesPerSecond(servers[mode].port, n);
          const k = `${mode}|${n}`;
          best[k] = Math.max(best[k] ?? 0, v);
        }
      }
    }
  } finally {
    await stop(servers.off);
    await stop(servers.on);
  }
  console.log(
    '\n| protocol writes/s | persistence off | --data-dir (journal, fdatasync) | on / off |',
  );
  console.log('|---|---|---|---|');
  for (const n of [1, 50]) {
    const off = best[`off|${n}`]!;
    const on = best[`on|${n}`]!;
    console.log(
      `| ${n} client${n > 1 ? 's' : ''} | ${off.toFixed(0)} | ${on.toFixed(0)} | ${(on / off).toFixed(2)} |`,
    );
  }
}
