/**
 * The Database server taking an import into a large node: figures only, never fails on timing.
 *
 * Part 1, time per chunk against the node's size. For each N (default 10,000 and 50,000) a fresh
 * server (our CLI, in its own process) receives N student records (the demo data's shape, ~1 KB
 * each) as REST PATCHes of `--chunk` records (default 1,000) into one node, `bench/items`, as the
 * seeding code writes (`print=silent`, owner). Modes (`--modes`, default all):
 *
 * | mode     | what differs                                                                    |
 * | -------- | ------------------------------------------------------------------------------- |
 * | plain    | nothing: owner, no journal, no listener, `disableTriggers=true`                 |
 * | journal  | the server runs with `--data-dir` (every chunk journaled and fsynced, compactions) |
 * | listener | a raw WebSocket client listens to the node (a plain listen: one `m` per chunk)  |
 * | query    | a raw WebSocket client listens to the node's first 50 by `name` (tagged)    |
 * | trigger  | a function trigger on `bench/items/{id}`, events delivered to a stand-in that   |
 * |          | answers 204 in its own process (no `disableTriggers`); drained before the end   |
 * | rules    | written as a signed-in user under rules with `auth != null` and a `.validate`   |
 *
 * Printed per mode: the median time per chunk (client wall, request to answer) and the server's
 * CPU per chunk, for each tenth of the import (the node's size when the chunk arrives), the last
 * tenth over the first (1.0 = flat), the whole wall time, the server's CPU and its resident
 * memory (peak `VmHWM` and at the end, from /proc).
 *
 * Part 2, `--dataset N` (default off; `--dataset 50000` is bench/triggers.ts's data set): the
 * demo data of N students, tutors and orders with their derived nodes (`rebuildDerived`), written
 * as bench/triggers.ts writes it (PATCHes of ~2 MB per top-level node, `disableTriggers=true`,
 * bench/support/restImport.ts),
 * into a fresh server with and without `--data-dir`: wall time, server CPU, peak and final RSS,
 * and the slowest chunk.
 *
 * `npx tsx bench/database-import.ts [--sizes 10000,50000] [--chunk 1000] [--modes plain,journal]
 * [--dataset 50000] [--dataset-only] [--cpu-prof-dir DIR] [--cli PATH]` (with `--cpu-prof-dir` the
 * servers run under `node --cpu-prof`, one profile per server in DIR; `--cli` runs another
 * checkout's `emulators/database/cli.ts`, e.g. the commit before a change).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { buildDemoData } from '../emulators/seed/build';
import { rebuildDerived } from '../src/shared/domain/derived';
import { chunkBodies, importWrites, patchJson } from './support/restImport';

const ROOT = join(import.meta.dirname, '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/** The server's CLI; `--cli PATH` measures another checkout's (e.g. the commit before a change). */
let cli = join(ROOT, 'emulators', 'database', 'cli.ts');
const NS = 'demo-bench';
const NODE = 'bench/items';
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const USER_HZ = 100;
const MODES = ['plain', 'journal', 'listener', 'query', 'trigger', 'rules'] as const;
type Mode = (typeof MODES)[number];

/** CPU time (user + system) of a process so far, ms; NaN off Linux. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process, MB: `VmRSS` now and its peak `VmHWM`. */
function rss(pid: number): { now: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { now: NaN, peak: NaN };
  }
}

/** Resolves with the first match of `pattern` in a child's output. */
function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', () => reject(new Error(`exited before ${pattern}: ${out}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Processes this bench started; killed when it exits, even after a failure. */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned) child.kill('SIGKILL');
});

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Our CLI on a free port, in its own process, with `rules` and extra CLI flags. */
async function startServer(
  rules: object,
  extra: string[],
  cpuProfDir: string | undefined,
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-import-'));
  writeFileSync(join(dir, 'rules.json'), JSON.stringify({ rules }));
  const nodeFlags = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      '--import',
      TSX,
      cli,
      '--port',
      '0',
      '--rules',
      join(dir, 'rules.json'),
      ...extra,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  // The log (one line per dropped trigger event, say) must not fill the pipe and block it.
  const [line] = await waitForLine(child, /ready on (http:\/\/\S+)/);
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: /http:\/\/\S+/.exec(line)![0],
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Functions emulator stand-in in its own process: every POST answered 204 once read. */
async function nullFunctions(): Promise<{ port: number; close(): void }> {
  const script = `
    require('node:http').createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  const [, port] = await waitForLine(child, /port (\d+)/);
  return { port: Number(port), close: () => child.kill() };
}

/** An ID token the server accepts for a signed-in user (emulator tokens are unsigned). */
function userToken(uid: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, aud: NS, iat: 0, exp: 3600 })}.`;
}

/**
 * A raw protocol client listening to `path` (optionally a tagged query): no SDK, so its work is
 * only reading frames. Resolves once the listen is answered; `bytes()` counts what it received.
 */
async function rawListener(
  base: string,
  path: string,
  query?: object,
): Promise<{ bytes(): number; close(): void }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/.ws?v=5&ns=${NS}`);
  let bytes = 0;
  let listening = false;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      bytes += data.length;
      // Only the handshake and the answer to the listen are read; pushes (possibly split into
      // segments) are counted.
      if (listening) return;
      const msg = JSON.parse(data.toString()) as { t: string; d?: { r?: number } };
      if (msg.t === 'c') {
        const b = query ? { p: path, q: query, t: 1, h: '' } : { p: path, h: '' };
        ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b } }));
      }
      if (msg.t === 'd' && msg.d?.r === 1) {
        listening = true;
        resolve();
      }
    });
  });
  return { bytes: () => bytes, close: () => ws.terminate() };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const f1 = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : '-');
const load = (): string => loadavg()[0]!.toFixed(1);

/** Rules of the bench node: open, indexed by name; `rules` mode refuses anonymous writes. */
const RULES = {
  '.read': true,
  '.write': true,
  bench: {
    items: {
      '.indexOn': ['name'],
      '.write': 'auth != null',
      $id: { '.validate': "newData.hasChildren(['name', 'email'])" },
    },
  },
};

/** Imports `records` into a fresh server in `mode` and prints the figures. */
async function importMode(
  mode: Mode,
  records: Record<string, unknown>,
  chunk: number,
  cpuProfDir: string | undefined,
): Promise<void> {
  const dataDir = mode === 'journal' ? mkdtempSync(join(tmpdir(), 'rtdb-import-data-')) : '';
  const functions = mode === 'trigger' ? await nullFunctions() : undefined;
  const extra = [
    ...(dataDir ? ['--data-dir', dataDir] : []),
    ...(functions ? ['--functions', `127.0.0.1:${functions.port}`] : []),
  ];
  const server = await startServer(RULES, extra, cpuProfDir);
  const listener =
    mode === 'listener'
      ? await rawListener(server.url, NODE)
      : mode === 'query'
        ? await rawListener(server.url, NODE, { i: 'name', l: 50, vf: 'l' })
        : undefined;
  if (functions) {
    const registered = await fetch(`${server.url}/.settings/functionTriggers.json?ns=${NS}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({
        name: 'projects/demo-bench/locations/us-central1/triggers/onItem',
        path: `${NODE}/{id}`,
        event: 'google.firebase.database.ref.v1.written',
      }),
    });
    if (!registered.ok) throw new Error(`trigger registration: ${registered.status}`);
  }
  const params: Record<string, string> = mode === 'trigger' ? {} : { disableTriggers: 'true' };
  const auth = mode === 'rules' ? userToken('bench-user') : 'owner';
  const bodies = chunkBodies(records, { records: chunk });
  const perChunk: { ms: number; cpu: number }[] = [];
  const cpu0 = cpuMs(server.pid);
  const started = performance.now();
  for (const body of bodies) {
    const c0 = cpuMs(server.pid);
    const t0 = performance.now();
    await patchJson({ base: server.url, ns: NS, auth }, NODE, body, params);
    perChunk.push({ ms: performance.now() - t0, cpu: cpuMs(server.pid) - c0 });
  }
  const written = performance.now() - started;
  let drained = written;
  if (functions) {
    await fetch(`${server.url}/.settings/functionTriggerQueue.json?wait=true`, {
      headers: { Authorization: 'Bearer owner' },
    });
    drained = performance.now() - started;
  }
  const cpu = cpuMs(server.pid) - cpu0;
  const memory = rss(server.pid);
  const count = Object.keys(
    (await (await fetch(`${server.url}/${NODE}.json?ns=${NS}&shallow=true&auth=owner`)).json()) ??
      {},
  ).length;
  listener?.close();
  await server.stop();
  functions?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });

  const tenths = Array.from({ length: 10 }, (_, t) =>
    perChunk.slice(
      Math.floor((t * perChunk.length) / 10),
      Math.floor(((t + 1) * perChunk.length) / 10),
    ),
  );
  const ms = tenths.map((part) => median(part.map((c) => c.ms)));
  const cpus = tenths.map((part) => median(part.map((c) => c.cpu)));
  const n = Object.keys(records).length;
  console.log(
    `  ${mode.padEnd(8)} N=${n.toLocaleString('en')}: ${bodies.length} chunks, wall ${f1(written / 1000)} s` +
      (functions ? ` (events drained at ${f1(drained / 1000)} s)` : '') +
      `, server CPU ${f1(cpu / 1000)} s, RSS peak ${Math.round(memory.peak)} MB / end ${Math.round(memory.now)} MB` +
      `${listener ? `, listener received ${f1(listener.bytes() / 1e6)} MB` : ''}, children ${count}, load ${load()}`,
  );
  console.log(
    `    ms per chunk by tenth:      ${ms.map(f1).join(' ')}  last/first ${f1(ms[9]! / ms[0]!)}`,
  );
  console.log(`    server CPU ms per chunk:    ${cpus.map(f1).join(' ')}`);
}

/** Part 2: bench/triggers.ts's data set into a fresh server (see the module comment). */
async function importDataset(
  n: number,
  durable: boolean,
  cpuProfDir: string | undefined,
): Promise<void> {
  const data = buildDemoData({
    students: n,
    tutors: n,
    orders: n,
    seed: 7,
    now: Date.UTC(2026, 10, 1),
  });
  const nodes: [string, unknown][] = [
    ['students', data.students],
    ['tutors', data.tutors],
    ['orders', data.orders],
    ...Object.entries(
      rebuildDerived({ students: data.students, tutors: data.tutors, orders: data.orders }),
    ),
  ];
  const writes = nodes.flatMap(([path, value]) => importWrites(path, value, 2_000_000));
  const megabytes = writes.reduce((sum, w) => sum + w.body.length, 0) / 1e6;
  const dataDir = durable ? mkdtempSync(join(tmpdir(), 'rtdb-import-data-')) : '';
  const server = await startServer(
    { '.read': true, '.write': true },
    dataDir ? ['--data-dir', dataDir] : [],
    cpuProfDir,
  );
  const cpu0 = cpuMs(server.pid);
  const started = performance.now();
  let slowest = { ms: 0, path: '' };
  for (const { path, body } of writes) {
    const t0 = performance.now();
    await patchJson({ base: server.url, ns: NS }, path, body, { disableTriggers: 'true' });
    const ms = performance.now() - t0;
    if (ms > slowest.ms) slowest = { ms, path };
  }
  const wall = performance.now() - started;
  const cpu = cpuMs(server.pid) - cpu0;
  const memory = rss(server.pid);
  const stopStarted = performance.now();
  await server.stop();
  const stopMs = performance.now() - stopStarted;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `  data set N=${n.toLocaleString('en')}${durable ? ' --data-dir' : ''}: ${writes.length} PATCHes, ${f1(megabytes)} MB of JSON; ` +
      `wall ${f1(wall / 1000)} s, server CPU ${f1(cpu / 1000)} s, RSS peak ${Math.round(memory.peak)} MB / end ${Math.round(memory.now)} MB, ` +
      `slowest PATCH ${Math.round(slowest.ms)} ms (${slowest.path}), stop ${Math.round(stopMs)} ms, load ${load()}`,
  );
}

/** Runs both parts as the command line asks (see the module comment). */
export async function runDatabaseImportBench(argv = process.argv.slice(2)): Promise<void> {
  const valueOf = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sizes = (valueOf('--sizes') ?? '10000,50000').split(',').map(Number);
  const chunk = Number(valueOf('--chunk') ?? 1000);
  const modes = (valueOf('--modes') ?? MODES.join(',')).split(',') as Mode[];
  const dataset = valueOf('--dataset');
  const cpuProfDir = valueOf('--cpu-prof-dir');
  cli = valueOf('--cli') ?? cli;
  for (const mode of modes) if (!MODES.includes(mode)) throw new Error(`unknown mode ${mode}`);

  if (!argv.includes('--dataset-only')) {
    const all = buildDemoData({ students: Math.max(...sizes), tutors: 0, orders: 0, seed: 7 })
      .students as Record<string, unknown>;
    const keys = Object.keys(all);
    for (const n of sizes) {
      const records = Object.fromEntries(keys.slice(0, n).map((k) => [k, all[k]]));
      console.log(
        `\nDatabase import into one node, N = ${n.toLocaleString('en')}, ${chunk} records a chunk:`,
      );
      for (const mode of modes) await importMode(mode, records, chunk, cpuProfDir);
    }
  }
  if (dataset) {
    console.log(`\nbench/triggers.ts's data set:`);
    await importDataset(Number(dataset), false, cpuProfDir);
    await importDataset(Number(dataset), true, cpuProfDir);
  }
}

// Run only when executed (bench/run.ts imports every module of bench/ for its run*Bench exports).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDatabaseImportBench();
  process.exit(0);
}
