/**
 * Database emulator benchmark: writes/s and gets/s with 1 and 50 clients, write-to-remote-listener
 * latency with 100 listeners, resident memory with 100k nodes, and cold start time; the npm package
 * `firebase-server` (installed in bench/firebase-server/) runs the same workload in the same run
 * where it can, and the ratio is printed. Prints figures; never fails on a slow machine.
 *
 * The floor is bench/support/null-database-server.ts: the same sockets and framing, an answer to
 * every request, no tree. Our server CPU per operation over the floor's is what the tree, rules,
 * subscriptions and journal cost. The write workloads also run with `--data-dir` (durable journal,
 * emulators/database/journal.ts) against the floor with its own fsynced journal.
 *
 * Each server runs in its own process; this process generates the load, either through the
 * unmodified web SDK (firebase@12) or through a bare protocol client (no SDK work, so it measures
 * the server). Every client keeps WINDOW requests in flight (closed loop). Each rate comes with the
 * server's CPU time per operation and this process's CPU share: when the load generator is at
 * ~100% of a core, the client side, not the server, bounds the rate.
 *
 * firebase-server does not implement the `g` (get) action (the SDK's get() never resolves there),
 * so gets are compared as one-shot reads: our `g` against its listen + unlisten, what the SDK did
 * for a one-shot read before `g` existed.
 *
 * Every rate phase runs ROUNDS times, the servers interleaved (so load from other processes on a
 * shared machine hits them alike), after one short unreported round that lets the JIT compile every
 * server's code; each figure is the median with the min-max range of its rounds.
 * `DATABASE_BENCH_ONLY=<regex>` runs only the rate metrics whose label matches and skips cold
 * start, latency and memory (e.g. `DATABASE_BENCH_ONLY=protocol`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import {
  type Database,
  connectDatabaseEmulator,
  get,
  getDatabase,
  onValue,
  ref,
  set,
} from 'firebase/database';
import WebSocket from 'ws';
import { startDatabaseEmulator } from '../emulators/database/index.js';
import { percentile } from './support/chromiumHarness';

const ROOT = join(import.meta.dirname, '..');
const FS_DIR = join(ROOT, 'bench', 'firebase-server');
const PHASE_MS = 1500;
/** Phase length of the warm-up round that precedes the measured rounds (not reported). */
const WARM_UP_MS = 300;
/** The phase length in force (WARM_UP_MS during the warm-up round). */
let phaseMs = PHASE_MS;
const ROUNDS = 3;
const WINDOW = 20;
/** The data the read metrics read: 100 small children of `bench/r`. */
const READ_FIXTURE = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`k${k}`, { v: k }]));

export interface Target {
  name: string;
  port: number;
  /** The server process, whose CPU time is read from /proc during each phase. */
  pid: number;
  supportsGet: boolean;
  /** Runs the write metrics only (the `--data-dir` servers: durability changes nothing else). */
  writesOnly?: boolean;
  stop(): Promise<void>;
}

/** One rate phase: ops/s, the server's CPU time per op, and how busy the load generator was. */
export interface RateResult {
  opsPerSec: number;
  /** Server CPU (user + system) per operation, µs; NaN where /proc is unavailable. */
  serverCpuUsPerOp: number;
  /** CPU of this (load-generating) process over the phase, % of one core. */
  clientCpuPct: number;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const USER_HZ = 100;

/** CPU time (user + system) of a process so far, in µs; NaN off Linux. */
export function processCpuUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / USER_HZ;
  } catch {
    return NaN;
  }
}

/**
 * Runs `worker(deadline)` on every client and measures the phase. Each worker keeps WINDOW
 * requests in flight (a closed loop: a new request leaves as soon as one completes) until the
 * deadline and returns how many completed.
 */
async function measurePhase(
  pid: number,
  workers: Array<(deadline: number) => Promise<number>>,
): Promise<RateResult> {
  const server0 = processCpuUs(pid);
  const client0 = process.cpuUsage();
  const start = performance.now();
  const counts = await Promise.all(workers.map((w) => w(start + phaseMs)));
  const elapsedMs = performance.now() - start;
  const client = process.cpuUsage(client0);
  const done = counts.reduce((a, b) => a + b, 0);
  return {
    opsPerSec: done / (elapsedMs / 1000),
    serverCpuUsPerOp: (processCpuUs(pid) - server0) / done,
    clientCpuPct: ((client.user + client.system) / 1000 / elapsedMs) * 100,
  };
}

/** Keeps WINDOW calls of `op` in flight until `deadline`; resolves with the number completed. */
async function closedLoop(deadline: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let i = 0;
  let done = 0;
  const lane = async (): Promise<void> => {
    while (performance.now() < deadline) {
      await op(i++);
      done++;
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
  return done;
}

function hasFirebaseServer(): boolean {
  return existsSync(join(FS_DIR, 'node_modules', 'firebase-server'));
}

/**
 * Starts a server in its own process (so it does not share the event loop with the 100+ SDK
 * clients of the benchmark) and resolves with its port once it prints its ready line.
 */
async function spawnServer(
  name: string,
  args: string[],
  cwd: string,
  supportsGet: boolean,
  nodeFlags: readonly string[] = [],
): Promise<Target> {
  const child = spawn(process.execPath, [...nodeFlags, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await waitForLine(child, /ready on http:\/\/127\.0\.0\.1:(\d+)/);
  const port = Number(/:(\d+)$/.exec(line)![1]);
  return { name, port, pid: child.pid!, supportsGet, stop: () => stopChild(child) };
}

/**
 * Our CLI with open rules; `durable` adds `--data-dir` (a fresh directory); `nodeFlags` go to
 * Node (e.g. `--cpu-prof`).
 */
export async function startOurs(
  durable = false,
  nodeFlags: readonly string[] = [],
): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-bench-'));
  const rulesPath = join(dir, 'database.rules.json');
  writeFileSync(rulesPath, JSON.stringify({ rules: { '.read': true, '.write': true } }));
  const extra = durable ? ['--data-dir', join(dir, 'data')] : [];
  const name = durable ? OURS_DURABLE : OURS;
  const t = await spawnServer(name, cliArgv(rulesPath, extra), dir, true, nodeFlags);
  return { ...t, writesOnly: durable };
}

/** The floor (bench/support/null-database-server.ts); `durable` journals writes with fsync. */
export async function startFloor(
  durable = false,
  nodeFlags: readonly string[] = [],
): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-floor-'));
  const args = ['--import', TSX, FLOOR_SCRIPT, '--port', '0'];
  if (durable) args.push('--data-dir', join(dir, 'data'));
  const t = await spawnServer(durable ? FLOOR_DURABLE : FLOOR, args, dir, true, nodeFlags);
  return { ...t, writesOnly: durable };
}

export function startFirebaseServer(): Promise<Target> {
  const script = `
    const FS = require('firebase-server');
    const s = new FS({ port: 0, address: '127.0.0.1' }, 'bench', null);
    setTimeout(() => console.log('ready on http://127.0.0.1:' + s.address().port), 200);`;
  return spawnServer(THEIRS, ['-e', script], FS_DIR, false);
}

let appCount = 0;
function clients(target: Target, n: number): { dbs: Database[]; close: () => Promise<void> } {
  const apps: FirebaseApp[] = [];
  const dbs = Array.from({ length: n }, () => {
    const app = initializeApp(
      { projectId: 'demo-bench', databaseURL: `http://127.0.0.1:${target.port}?ns=demo-bench` },
      `bench-${++appCount}`,
    );
    apps.push(app);
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', target.port);
    return db;
  });
  return { dbs, close: () => Promise.all(apps.map((a) => deleteApp(a))).then(() => undefined) };
}

/** Runs `op` from every client, WINDOW requests in flight each, for the phase length. */
async function rate(
  pid: number,
  dbs: Database[],
  op: (db: Database, client: number, i: number) => Promise<unknown>,
): Promise<RateResult> {
  // Warm up: connect every client before timing.
  await Promise.all(dbs.map((db, c) => op(db, c, -1)));
  return measurePhase(
    pid,
    dbs.map((db, c) => (deadline) => closedLoop(deadline, (i) => op(db, c, i))),
  );
}

/** One-shot read through a listen (works on both servers). */
function listenRead(db: Database, path: string): Promise<unknown> {
  return new Promise((resolve) => {
    const off = onValue(ref(db, path), (s) => {
      off();
      resolve(s.val());
    });
  });
}

export type Metric = {
  label: string;
  run: (t: Target) => Promise<RateResult>;
  getOnly?: boolean;
  /** A write workload: also run against the `--data-dir` servers. */
  write?: boolean;
};

function rateMetric(
  label: string,
  n: number,
  make: (db: Database, c: number, i: number) => Promise<unknown>,
): Metric {
  return {
    label,
    run: async (t) => {
      const { dbs, close } = clients(t, n);
      try {
        await set(ref(dbs[0]!, 'bench/r'), READ_FIXTURE);
        return await rate(t.pid, dbs, make);
      } finally {
        await close();
      }
    },
  };
}

/** A bare protocol client: measures the server without the SDK's client-side work. */
export class RawClient {
  private next = 1;
  private readonly pending = new Map<number, () => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      if (text.length <= 6) return; // split-count frames never occur for these small replies
      const msg = JSON.parse(text) as { t?: string; d?: { r?: number } } | null;
      const r = msg?.t === 'd' ? msg.d?.r : undefined;
      if (r !== undefined) {
        this.pending.get(r)?.();
        this.pending.delete(r);
      }
    });
  }
  static open(port: number): Promise<RawClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=demo-bench`);
    return new Promise((resolve, reject) => {
      ws.once('message', () => resolve(new RawClient(ws)));
      ws.once('error', reject);
    });
  }
  request(a: string, b: unknown): Promise<void> {
    const r = this.next++;
    return new Promise((resolve) => {
      this.pending.set(r, resolve);
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  }
  send(a: string, b: unknown): void {
    this.ws.send(JSON.stringify({ t: 'd', d: { r: this.next++, a, b } }));
  }
  close(): void {
    this.ws.terminate();
  }
}

function rawMetric(
  label: string,
  n: number,
  op: (c: RawClient, client: number, i: number) => Promise<unknown>,
): Metric {
  return {
    label,
    run: async (t) => {
      const raws = await Promise.all(Array.from({ length: n }, () => RawClient.open(t.port)));
      try {
        await raws[0]!.request('p', { p: '/bench/r', d: READ_FIXTURE });
        return await measurePhase(
          t.pid,
          raws.map((c, ci) => (deadline) => closedLoop(deadline, (i) => op(c, ci, i))),
        );
      } finally {
        raws.forEach((c) => c.close());
      }
    },
  };
}

const readPath = (c: number, i: number): string => `bench/r/k${(((c * 7 + i) % 100) + 100) % 100}`;

export const METRICS: Metric[] = [1, 50].flatMap((n) => {
  const suffix = `${n} client${n > 1 ? 's' : ''}`;
  return [
    {
      ...rateMetric(`writes/s, ${suffix}`, n, (db, c, i) =>
        set(ref(db, `bench/w/c${c}/k${i % 500}`), { i, at: 1 }),
      ),
      write: true,
    },
    rateMetric(`listen-reads/s, ${suffix}`, n, (db, c, i) => listenRead(db, readPath(c, i))),
    {
      ...rateMetric(`gets/s (g), ${suffix}`, n, (db, c, i) => get(ref(db, readPath(c, i)))),
      getOnly: true,
    },
    {
      ...rawMetric(`protocol writes/s (p), ${suffix}`, n, (c, ci, i) =>
        c.request('p', { p: `/bench/w/c${ci}/k${i % 500}`, d: { i, at: 1 } }),
      ),
      write: true,
    },
    rawMetric(`protocol listen-reads/s (q+n), ${suffix}`, n, async (c, ci, i) => {
      const p = '/' + readPath(ci, i);
      await c.request('q', { p, h: '' });
      c.send('n', { p });
    }),
    {
      ...rawMetric(`protocol gets/s (g), ${suffix}`, n, (c, ci, i) =>
        c.request('g', { p: '/' + readPath(ci, i), q: {} }),
      ),
      getOnly: true,
    },
  ];
});

/** Write-to-listener latency: one writer, 100 listeners; SDK listeners or raw protocol sockets. */
async function latency(
  target: Target,
  raw: boolean,
): Promise<{ p50: number; p99: number; samples: number }> {
  const { dbs, close } = clients(target, raw ? 1 : 101);
  const writer = dbs[0]!;
  const samples: number[] = [];
  let sentAt = 0;
  let expectSeq = -1;
  let received = 0;
  const sockets: WebSocket[] = [];
  await set(ref(writer, 'bench/lat'), { seq: -1 });
  const onSeq = (seq: unknown): void => {
    if (seq === expectSeq && expectSeq >= 0) {
      samples.push(performance.now() - sentAt);
      received++;
    }
  };
  if (raw) {
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${target.port}/.ws?v=5&ns=demo-bench`);
        sockets.push(ws);
        let ready!: () => void;
        const listening = new Promise<void>((r) => (ready = r));
        ws.on('message', (data) => {
          const msg = JSON.parse(String(data)) as {
            t?: string;
            d?: { t?: string; a?: string; r?: number; b?: { d?: { seq?: number } } };
          } | null;
          if (!msg || typeof msg !== 'object' || !msg.d) return;
          if (msg.t === 'c' && msg.d.t === 'h')
            ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: '/bench/lat', h: '' } } }));
          else if (msg.t === 'd' && msg.d.r === 1) ready();
          else if (msg.t === 'd' && msg.d.a === 'd') onSeq(msg.d.b?.d?.seq);
        });
        await listening;
      }),
    );
  } else {
    await Promise.all(
      dbs.slice(1).map(
        (db) =>
          new Promise<void>((ready) => {
            onValue(ref(db, 'bench/lat'), (s) => {
              const v = s.val() as { seq: number } | null;
              if (v?.seq === -1) ready();
              onSeq(v?.seq);
            });
          }),
      ),
    );
  }
  for (let seq = 0; seq < 200; seq++) {
    received = 0;
    expectSeq = seq;
    sentAt = performance.now();
    void set(ref(writer, 'bench/lat'), { seq });
    const until = performance.now() + 5000;
    while (received < 100 && performance.now() < until) await new Promise((r) => setImmediate(r));
  }
  for (const ws of sockets) ws.terminate();
  await close();
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    samples: samples.length,
  };
}

/** 25,000 children × 3 leaves = 100,002 nodes with the root and container. */
function data100k(): Record<string, unknown> {
  const items: Record<string, unknown> = {};
  for (let i = 0; i < 25_000; i++)
    items[`item${i}`] = { name: `Name ${i}`, n: i, flag: i % 2 === 0 };
  return { items };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${out}`)),
      timeoutMs,
    );
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before ${pattern}: ${out}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (child.exitCode !== null) return r();
    child.on('exit', () => r());
    child.kill('SIGTERM');
  });
}

const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const CLI = join(ROOT, 'emulators', 'database', 'cli.ts');
const FLOOR_SCRIPT = join(ROOT, 'bench', 'support', 'null-database-server.ts');
const OURS = 'ours';
const OURS_DURABLE = 'ours --data-dir';
const FLOOR = 'floor';
const FLOOR_DURABLE = 'floor --data-dir';
const THEIRS = 'firebase-server';

/** Node arguments that run our CLI on a free port with `rulesPath` and `extra` flags. */
function cliArgv(rulesPath: string, extra: string[] = []): string[] {
  return ['--import', TSX, CLI, '--port', '0', '--rules', rulesPath, ...extra];
}

/** Starts our CLI (see {@link cliArgv}) with stdout and stderr piped. */
function spawnCli(rulesPath: string, extra: string[] = []): ChildProcess {
  return spawn(process.execPath, cliArgv(rulesPath, extra), { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Spawn-to-ready time of the CLI (includes Node and tsx start-up) and in-process start time. */
async function coldStart(): Promise<{ cliMs: number; inProcessMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-cold-'));
  const t0 = performance.now();
  const child = spawnCli(join(dir, 'none.json'));
  await waitForLine(child, /ready on http/);
  const cliMs = performance.now() - t0;
  await stopChild(child);
  const t1 = performance.now();
  const emu = await startDatabaseEmulator({ port: 0, rulesPath: join(dir, 'none.json') });
  const inProcessMs = performance.now() - t1;
  await emu.stop();
  return { cliMs, inProcessMs };
}

/** Resident memory of a server process holding 100k nodes (ours via --import, theirs via its constructor). */
async function memory(): Promise<{ ours: number; theirs: number | null; oursIdle: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-mem-'));
  const importDir = join(dir, 'import');
  mkdirSync(importDir);
  const json = JSON.stringify(data100k());
  writeFileSync(join(importDir, 'demo-bench.json'), json);
  const measure = async (args: string[]): Promise<number> => {
    const child = spawnCli(join(dir, 'none.json'), args);
    await waitForLine(child, /ready on http/);
    await new Promise((r) => setTimeout(r, 1000));
    const rss = rssOf(child.pid!);
    await stopChild(child);
    return rss;
  };
  const oursIdle = await measure([]);
  const ours = await measure(['--import', importDir]);
  let theirs: number | null = null;
  if (hasFirebaseServer()) {
    const script = `
      const FS = require('firebase-server');
      const data = JSON.parse(require('fs').readFileSync(${JSON.stringify(join(importDir, 'demo-bench.json'))}, 'utf8'));
      const s = new FS({ port: 0, address: '127.0.0.1' }, 'mem', data);
      s.getValue().then(() => console.log('ready on http'));`;
    const child = spawn(process.execPath, ['-e', script], {
      cwd: FS_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await waitForLine(child, /ready on http/, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      theirs = rssOf(child.pid!);
    } finally {
      await stopChild(child);
    }
  }
  return { ours, theirs, oursIdle };
}

const fmt = (n: number): string => (Number.isFinite(n) ? n.toFixed(n >= 100 ? 0 : 2) : 'n/a');

/** Median, min and max of one figure over the rounds. */
interface Spread {
  median: number;
  min: number;
  max: number;
}

function spread(values: readonly number[]): Spread {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** "median (min-max)" of a spread; "-" when absent. */
const fmtSpread = (s: Spread | undefined): string =>
  s && Number.isFinite(s.median) ? `${fmt(s.median)} (${fmt(s.min)}-${fmt(s.max)})` : '-';

/** Runs every figure and prints them (see the module comment). */
export async function runDatabaseBench(): Promise<void> {
  const only = process.env.DATABASE_BENCH_ONLY ? new RegExp(process.env.DATABASE_BENCH_ONLY) : null;
  const metrics = METRICS.filter((m) => !only || only.test(m.label));
  console.log('# Database emulator benchmark');
  console.log(
    `node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}; servers in their own processes; ` +
      `rate phases ${PHASE_MS} ms with ${WINDOW} requests in flight per client; median (min-max) of ${ROUNDS} interleaved rounds after a ${WARM_UP_MS} ms warm-up round`,
  );

  if (!only) {
    const cold = await coldStart();
    console.log(
      `cold start: CLI spawn-to-ready ${fmt(cold.cliMs)} ms (Node + tsx transpile + server), in-process start ${fmt(cold.inProcessMs)} ms`,
    );
  }

  const targets: Target[] = [
    await startOurs(),
    await startFloor(),
    await startOurs(true),
    await startFloor(true),
  ];
  if (hasFirebaseServer()) {
    try {
      targets.push(await startFirebaseServer());
    } catch (err) {
      console.log(`firebase-server: failed to start: ${(err as Error).message}`);
    }
  } else console.log('firebase-server: not installed (npm ci --prefix bench/firebase-server)');

  const results = new Map<string, RateResult[]>();
  const key = (name: string, label: string): string => `${name}|${label}`;
  const loads: number[] = [];
  // A short unreported round first: every server's code is compiled by the JIT before the
  // measured rounds (our server's modules, loaded through tsx, took a whole round to get there,
  // which counted against it in the first of three).
  phaseMs = WARM_UP_MS;
  for (const m of metrics) {
    for (const t of targets) {
      if ((m.getOnly && !t.supportsGet) || (t.writesOnly && !m.write)) continue;
      await m.run(t).catch(() => undefined);
    }
  }
  phaseMs = PHASE_MS;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order of the servers so load changes on a shared machine hit them alike.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const m of metrics) {
      for (const t of order) {
        if (m.getOnly && !t.supportsGet) continue;
        if (t.writesOnly && !m.write) continue;
        try {
          const v = await m.run(t);
          const k = key(t.name, m.label);
          results.set(k, [...(results.get(k) ?? []), v]);
        } catch (err) {
          console.log(`${t.name} ${m.label}: failed: ${(err as Error).message}`);
        }
      }
    }
    loads.push(loadavg()[0]!);
  }
  const lat = new Map<string, { p50: number; p99: number; samples: number }>();
  if (!only) {
    for (const raw of [false, true]) {
      for (const t of targets) {
        if (t.writesOnly || t.name === FLOOR) continue;
        const r = await latency(t, raw);
        lat.set(key(t.name, raw ? 'raw' : 'sdk'), r);
      }
    }
  }
  for (const t of targets) await t.stop();

  const figure = (
    name: string,
    label: string,
    of: (r: RateResult) => number,
  ): Spread | undefined => {
    const rs = results.get(key(name, label));
    return rs && spread(rs.map(of));
  };
  const rateOf = (name: string, label: string): Spread | undefined =>
    figure(name, label, (r) => r.opsPerSec);
  const cpuOf = (name: string, label: string): Spread | undefined =>
    figure(name, label, (r) => r.serverCpuUsPerOp);
  const ratio = (a: Spread | undefined, b: Spread | undefined): string =>
    a && b && Number.isFinite(a.median / b.median) ? fmt(a.median / b.median) + 'x' : '-';
  console.log(
    `\nload average (1 min) after each round: ${loads.map((l) => l.toFixed(1)).join(', ')} (${cpus().length} CPUs)`,
  );
  console.log(
    "\nServer CPU = the server process's user + system time per operation; floor = the null server " +
      '(bench/support/null-database-server.ts: same sockets and framing, no tree); load generator = ' +
      'this process (all the clients), % of one core. A load generator near 100% bounds the rate, not the server.',
  );
  console.log(
    '\n| metric | ours ops/s | firebase-server ops/s | ours / theirs | server CPU µs/op, ours | floor | theirs | CPU ours / floor | load generator CPU %, ours / theirs | load generator CPU µs/op, ours / floor / theirs |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const m of metrics) {
    const a = rateOf(OURS, m.label);
    const b = rateOf(THEIRS, m.label);
    const ca = cpuOf(OURS, m.label);
    const cf = cpuOf(FLOOR, m.label);
    const gen = (name: string): string =>
      fmt(figure(name, m.label, (r) => r.clientCpuPct)?.median ?? NaN);
    // The client side's own cost per operation: the SDK's work for one request can differ with
    // the server's answers (how many messages, in how many reads), not only its speed.
    const genPerOp = (name: string): string =>
      fmt(figure(name, m.label, (r) => (r.clientCpuPct * 1e4) / r.opsPerSec)?.median ?? NaN);
    console.log(
      `| ${m.label} | ${fmtSpread(a)} | ${b ? fmtSpread(b) : 'unsupported'} | ${ratio(a, b)} | ` +
        `${fmtSpread(ca)} | ${fmtSpread(cf)} | ${fmtSpread(cpuOf(THEIRS, m.label))} | ${ratio(ca, cf)} | ` +
        `${gen(OURS)} / ${b ? gen(THEIRS) : '-'} | ` +
        `${genPerOp(OURS)} / ${genPerOp(FLOOR)} / ${b ? genPerOp(THEIRS) : '-'} |`,
    );
  }
  const writes = metrics.filter((m) => m.write);
  if (writes.length) {
    console.log(
      '\nDurable writes (`--data-dir`: journal, one write + fdatasync per event-loop turn before the acknowledgement); ' +
        'the floor journals the raw requests the same way.',
    );
    console.log(
      '\n| metric | ours --data-dir ops/s | floor --data-dir ops/s | server CPU µs/op, ours --data-dir | floor --data-dir | CPU ours / floor |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const m of writes) {
      const ca = cpuOf(OURS_DURABLE, m.label);
      const cf = cpuOf(FLOOR_DURABLE, m.label);
      console.log(
        `| ${m.label} | ${fmtSpread(rateOf(OURS_DURABLE, m.label))} | ${fmtSpread(rateOf(FLOOR_DURABLE, m.label))} | ` +
          `${fmtSpread(ca)} | ${fmtSpread(cf)} | ${ratio(ca, cf)} |`,
      );
    }
  }
  // firebase-server has no `g`: a one-shot read there is a listen + unlisten, so gets compare
  // our `g` with its listen-read on the same paths and data.
  const gets = ['1 client', '50 clients'].flatMap((n) =>
    (
      [
        ['SDK', `gets/s (g), ${n}`, `listen-reads/s, ${n}`],
        ['protocol', `protocol gets/s (g), ${n}`, `protocol listen-reads/s (q+n), ${n}`],
      ] as const
    ).filter(([, g, l]) => results.has(key(OURS, g)) && results.has(key(THEIRS, l))),
  );
  if (gets.length) {
    console.log(
      '\nOne-shot reads (gets), same paths and data: ours `g` against firebase-server listen + unlisten (it has no `g`).',
    );
    console.log(
      '\n| gets | ours g/s | firebase-server listen-reads/s | ratio | server CPU per read, theirs / ours |',
    );
    console.log('|---|---|---|---|---|');
    for (const [via, g, l] of gets) {
      const a = rateOf(OURS, g);
      const b = rateOf(THEIRS, l);
      console.log(
        `| ${via}, ${g.replace(/.*, /, '')} | ${fmtSpread(a)} | ${fmtSpread(b)} | ${ratio(a, b)} | ` +
          `${ratio(cpuOf(THEIRS, l), cpuOf(OURS, g))} |`,
      );
    }
  }
  if (only) return;
  console.log('\n| latency | ours | firebase-server | ratio |');
  console.log('|---|---|---|---|');
  for (const [kind, label] of [
    ['sdk', 'SDK listeners'],
    ['raw', 'raw protocol listeners'],
  ] as const) {
    const a = lat.get(key(OURS, kind))!;
    const b = lat.get(key(THEIRS, kind));
    for (const p of ['p50', 'p99'] as const) {
      console.log(
        `| write→listener ${p} ms, 100 ${label} | ${fmt(a[p])} | ${b ? fmt(b[p]) : 'n/a'} | ${b ? fmt(b[p] / a[p]) + 'x faster' : '-'} |`,
      );
    }
  }

  const mem = await memory();
  console.log(
    `\nresident memory (VmRSS after load): ours ${fmt(mem.ours)} MB with 100k nodes (idle ${fmt(mem.oursIdle)} MB; both incl. tsx); ` +
      `firebase-server ${mem.theirs === null ? 'n/a' : fmt(mem.theirs) + ' MB'} with the same data`,
  );
}
