/**
 * Cost of the database emulator's durable data directory (emulators/database/journal.ts): protocol
 * writes/s (`p`, acknowledged) with `--data-dir` against without, 1 and 50 bare protocol clients,
 * 20 writes in flight each, best of 3 interleaved phases of 1.5 s. With a data directory every
 * acknowledgement waits for the `fdatasync` of its event-loop turn's journal batch, so the figure
 * depends on the disk: the file system type of the data directory is printed with it
 * (`BENCH_DATA_DIR` chooses its parent; default the OS temp dir).
 *
 * Recovery after a kill: a server with `--data-dir` is filled with 100,000 and then (another
 * directory) 1,000,000 leaf values through REST PUTs of 10,000 leaves each, killed with SIGKILL
 * right after the last acknowledgement, then started again on the directory; the figure is the
 * time from spawning the process to its first successful read of the data (a REST GET of the last
 * leaf written, polled every 20 ms), with the ready line's time beside it. Prints figures; never
 * fails for slowness.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, statfsSync, writeFileSync } from 'node:fs';
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

/** Starts the CLI; resolves once it prints its ready line. */
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

/** Leaves per REST PUT when filling a data directory. */
const CHUNK = 10_000;

/** Bytes of the snapshot files and of the journals in `dir`, in MiB. */
function dataDirSizes(dir: string): { snapshotMiB: number; journalMiB: number } {
  let snapshot = 0;
  let journal = 0;
  for (const name of readdirSync(dir)) {
    const size = statSync(join(dir, name)).size;
    if (name.startsWith('journal-')) journal += size;
    else if (name.endsWith('.json')) snapshot += size;
  }
  return { snapshotMiB: snapshot / 2 ** 20, journalMiB: journal / 2 ** 20 };
}

/**
 * Fills a fresh data directory with `nodes` leaves, kills the server with SIGKILL, restarts it
 * and times the recovery (see the module comment).
 */
async function recoveryAfterKill(parent: string, nodes: number) {
  const dataDir = mkdtempSync(join(parent, 'rtdb-recovery-'));
  const first = await startServer(['--data-dir', dataDir]);
  for (let c = 0; c < nodes / CHUNK; c++) {
    const chunk: Record<string, number> = {};
    for (let i = 0; i < CHUNK; i++) chunk[`k${i}`] = c * CHUNK + i;
    const res = await fetch(`http://127.0.0.1:${first.port}/bench/c${c}.json?ns=recovery`, {
      method: 'PUT',
      body: JSON.stringify(chunk),
    });
    if (res.status !== 200) throw new Error(`fill: PUT answered ${res.status}`);
    await res.arrayBuffer();
  }
  const exited = new Promise((r) => first.child.once('exit', r));
  first.child.kill('SIGKILL');
  await exited;
  const sizes = dataDirSizes(dataDir);

  const lastChunk = nodes / CHUNK - 1;
  const expected = nodes - 1;
  const started = performance.now();
  const second = startServer(['--data-dir', dataDir]);
  const readyMs = second.then(() => performance.now() - started);
  const { port, child } = await second;
  let firstReadMs = 0;
  for (;;) {
    const res = await fetch(
      `http://127.0.0.1:${port}/bench/c${lastChunk}/k${CHUNK - 1}.json?ns=recovery`,
    ).catch(() => undefined);
    if (res?.status === 200 && (await res.json()) === expected) {
      firstReadMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop({ port, child });
  return { nodes, ...sizes, readyMs: await readyMs, firstReadMs };
}

/** Prints the recovery figures for 100,000 and 1,000,000 nodes. */
export async function runDatabaseRecoveryBench(): Promise<void> {
  const parent = process.env.BENCH_DATA_DIR ?? tmpdir();
  console.log('\n# Database emulator recovery after SIGKILL (--data-dir)');
  console.log(
    `data dir on ${fsType(parent)} (${parent}); leaves written by REST PUTs of ${CHUNK}, SIGKILL after the last acknowledgement`,
  );
  console.log(
    '\n| leaf nodes | snapshot at kill (MiB) | journal at kill (MiB) | spawn → ready line (ms) | spawn → first read of the data (ms) |',
  );
  console.log('|---|---|---|---|---|');
  for (const nodes of [100_000, 1_000_000]) {
    const r = await recoveryAfterKill(parent, nodes);
    console.log(
      `| ${r.nodes.toLocaleString('en')} | ${r.snapshotMiB.toFixed(1)} | ${r.journalMiB.toFixed(1)} | ${r.readyMs.toFixed(0)} | ${r.firstReadMs.toFixed(0)} |`,
    );
  }
}
