/**
 * Where the Database server's CPU goes. Prints figures; asserts nothing.
 *
 * In process (`--in-process`): the bench's requests (bench/database.ts) fed to
 * `ClientConnection.onFrame`, 50 connections with 20 requests each per turn, through a transport
 * that drops what it is sent. The figure is this process's CPU time (user + system) per request,
 * which a loaded machine moves far less than a rate; the floor is the same frames parsed and
 * answered as bench/support/null-database-server.ts answers them. Workloads (each RUNS times,
 * min / median / max of µs per request):
 * - `g`: gets of the 100 children of `bench/r` (as bench/database.ts);
 * - `p`: sets of `{ i, at: 1 }` at `bench/w/c<c>/k<i % 500>`;
 * - `q+n`: listen and unlisten one child of `bench/r`;
 * - `p` with the 9 function triggers the app registers (`<collection>/{id}`), writes elsewhere;
 * - `p` delivered: sets of `students/c<c>k<i % 500>` with those triggers, each write one event
 *   sent to a Functions emulator stand-in (another process) that answers 204 at once: the
 *   server's own cost per delivered event;
 * - `p` with `--data-dir` (journal; each turn's writes appended, one write + fdatasync).
 *
 * Over sockets (`--sockets`): our CLI and the floor as processes, server CPU per request from
 * /proc, each client sending lockstep batches (see {@link sockets}); `--cpu-prof-dir DIR` runs
 * our CLI under `node --cpu-prof`.
 *
 * Run: `npx tsx bench/database-profile.ts [--in-process | --sockets] [workload regex]
 * [--cpu-prof-dir DIR]` (both parts without a flag; sockets inside `unshare -n`); for the
 * functions in process: `node --cpu-prof --import tsx bench/database-profile.ts --in-process p`.
 */
import { mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { FunctionTriggers } from '../emulators/database/functionTriggers.js';
import { Journal, loadDataDir } from '../emulators/database/journal.js';
import { Namespace } from '../emulators/database/namespace.js';
import { ClientConnection, type Transport } from '../emulators/database/protocol/connection.js';
import { Ruleset } from '../emulators/database/rules/ruleset.js';
import { RawClient, processCpuUs, startFloor, startOurs } from './database.js';
import { percentile } from './support/chromiumHarness';

const RUNS = 5;
const CLIENTS = 50;
/** Requests each connection receives in one event-loop turn (the bench's window). */
const WINDOW = 20;
/** The collections the app's record triggers watch (functions/src/recordTriggers.ts). */
const COLLECTIONS = [
  'users',
  'levels',
  'countries',
  'fieldLevels',
  'schools',
  'subjects',
  'students',
  'tutors',
  'orders',
];
const READ_FIXTURE = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`k${k}`, { v: k }]));

const NULL_TRANSPORT: Transport = { send: () => {}, close: () => {} };

/** What one workload sends: the frame of request `i` from client `c`. */
type FrameOf = (c: number, i: number, r: number) => string;

interface Setup {
  triggers?: 'none' | 'elsewhere' | 'delivered';
  durable?: boolean;
  /** Number of requests per run. */
  ops: number;
  frame: FrameOf;
  /** Every request is followed by this one (e.g. `n` after `q`); counted as part of the op. */
  then?: FrameOf;
}

const readPath = (c: number, i: number): string => `bench/r/k${(((c * 7 + i) % 100) + 100) % 100}`;
const data = (r: number, a: string, b: unknown): string =>
  JSON.stringify({ t: 'd', d: { r, a, b } });

const WORKLOADS: Record<string, Setup> = {
  g: { ops: 100_000, frame: (c, i, r) => data(r, 'g', { p: '/' + readPath(c, i), q: {} }) },
  p: {
    ops: 100_000,
    frame: (c, i, r) => data(r, 'p', { p: `/bench/w/c${c}/k${i % 500}`, d: { i, at: 1 } }),
  },
  'q+n': {
    ops: 50_000,
    frame: (c, i, r) => data(r, 'q', { p: '/' + readPath(c, i), h: '' }),
    then: (c, i, r) => data(r, 'n', { p: '/' + readPath(c, i) }),
  },
  'p, 9 triggers elsewhere': {
    ops: 100_000,
    triggers: 'elsewhere',
    frame: (c, i, r) => data(r, 'p', { p: `/bench/w/c${c}/k${i % 500}`, d: { i, at: 1 } }),
  },
  'p, 9 triggers, 1 event each': {
    ops: 10_000,
    triggers: 'delivered',
    frame: (c, i, r) =>
      data(r, 'p', { p: `/students/c${c}k${i % 500}`, d: { name: `n${i}`, at: 1 } }),
  },
  'p --data-dir': {
    ops: 100_000,
    durable: true,
    frame: (c, i, r) => data(r, 'p', { p: `/bench/w/c${c}/k${i % 500}`, d: { i, at: 1 } }),
  },
};

/** The floor's answer to a frame: parse, then one template reply (null-database-server.ts). */
function floorAnswer(text: string, send: (s: string) => void): void {
  const msg = JSON.parse(text) as { d?: { r?: number; a?: string; b?: { p?: string } } };
  const d = msg.d!;
  if (d.a === 'q') {
    const path = JSON.stringify(String(d.b?.p ?? '').replace(/^\/+/, ''));
    send(`{"t":"d","d":{"a":"d","b":{"p":${path},"d":{"v":0}}}}`);
  }
  send(`{"t":"d","d":{"r":${d.r},"b":{"s":"ok","d":${d.a === 'g' ? '{"v":0}' : '""'}}}}`);
}

/**
 * A Functions emulator stand-in in its own process (so its CPU is not counted): answers every
 * POST with 204 once its body is read, and reports how many it answered when asked.
 */
async function nullFunctions(): Promise<{ port: number; close(): void; count(): Promise<number> }> {
  const script = `
    let n = 0;
    const s = require('node:http').createServer((req, res) => {
      if (req.method === 'GET') return res.end(String(n));
      req.resume();
      req.on('end', () => { n++; res.writeHead(204).end(); });
    });
    s.listen(0, '127.0.0.1', () => console.log('port ' + s.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(Number(/port (\d+)/.exec(String(d))![1]))),
  );
  return {
    port,
    close: () => child.kill(),
    count: async () => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text()),
  };
}

/** CPU µs of this process so far. */
function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** One run of a workload on a fresh namespace; µs of CPU per op and wall ms. */
async function runOnce(setup: Setup, floor: boolean): Promise<{ cpu: number; wallMs: number }> {
  const log = (): void => {};
  const ns = new Namespace('demo-bench', () => OPEN);
  let functions: Awaited<ReturnType<typeof nullFunctions>> | undefined;
  let triggers: FunctionTriggers | undefined;
  if (setup.triggers && setup.triggers !== 'none') {
    functions = setup.triggers === 'delivered' ? await nullFunctions() : undefined;
    triggers = new FunctionTriggers({
      log,
      functions: functions && { host: '127.0.0.1', port: functions.port },
      concurrency: 4,
    });
    for (const c of COLLECTIONS)
      triggers.register({
        name: `projects/demo-bench/locations/us-central1/triggers/${c}Written`,
        path: `${c}/{id}`,
        event: 'google.firebase.database.ref.v1.written',
      });
    ns.triggers = triggers;
  }
  let journal: Journal | undefined;
  if (setup.durable) {
    const dir = mkdtempSync(join(tmpdir(), 'rtdb-profile-'));
    const { lastSeq } = await loadDataDir(dir);
    journal = await Journal.open(dir, lastSeq, {
      namespaces: () => [['demo-bench', ns.store.root]],
      log,
    });
    ns.onApply = (writes) => journal!.append('demo-bench', writes);
  }
  const host = { log, whenDurable: journal && (() => journal!.whenDurable()) };
  const conns = Array.from(
    { length: CLIENTS },
    () => new ClientConnection(NULL_TRANSPORT, ns, host, 'localhost'),
  );
  conns[0]!.onFrame(data(1, 'p', { p: '/bench/r', d: READ_FIXTURE }));
  // Frames built before timing: the load generator's work is not the server's.
  const perClient = Math.ceil(setup.ops / CLIENTS);
  const frames: string[][] = conns.map((_, c) =>
    Array.from({ length: perClient * (setup.then ? 2 : 1) }, (_, k) => {
      const i = setup.then ? k >> 1 : k;
      return (setup.then && k % 2 ? setup.then : setup.frame)(c, i, k + 2);
    }),
  );
  const sink = (): void => {};
  await turn();
  const cpu0 = cpuUs();
  const t0 = performance.now();
  const step = WINDOW * (setup.then ? 2 : 1);
  for (let k = 0; k < frames[0]!.length; k += step) {
    for (let c = 0; c < CLIENTS; c++) {
      const mine = frames[c]!;
      for (let j = k; j < k + step && j < mine.length; j++) {
        if (floor) floorAnswer(mine[j]!, sink);
        else conns[c]!.onFrame(mine[j]!, mine[j]!.length); // ASCII: bytes = length, as ws reports them
      }
    }
    // Let the journal's batch and the acknowledgements run, as the server's event loop would.
    if (journal) await journal.whenDurable();
    if (journal || triggers) await turn();
  }
  if (triggers) {
    await triggers.whenHandled();
  }
  const cpu = (cpuUs() - cpu0) / (perClient * CLIENTS);
  const wallMs = performance.now() - t0;
  for (const c of conns) c.onClose();
  await journal?.close();
  if (functions && (await functions.count()) !== perClient * CLIENTS)
    console.log(`  (${await functions.count()} events delivered, not ${perClient * CLIENTS})`);
  functions?.close();
  return { cpu, wallMs };
}

const OPEN = Ruleset.open();

/** min / median / max of `v`, 2 decimals. */
function f3(v: readonly number[]): string {
  if (!v.length) return '-';
  const s = [...v].sort((a, b) => a - b);
  return `${s[0]!.toFixed(2)} / ${percentile(s, 50).toFixed(2)} / ${s[s.length - 1]!.toFixed(2)}`;
}

const median = (v: readonly number[]): number =>
  percentile(
    [...v].sort((a, b) => a - b),
    50,
  );

/** In-process figures (see the module comment). */
async function inProcess(only: RegExp | null): Promise<void> {
  console.log(
    `\n# Database server CPU per request, in process (node ${process.version}); ${RUNS} runs, ` +
      `min / median / max µs of CPU per request`,
  );
  console.log(
    '\n| workload | ours µs/op | floor µs/op | ours / floor (medians) | ours wall ms/run |',
  );
  console.log('|---|---|---|---|---|');
  for (const [name, setup] of Object.entries(WORKLOADS)) {
    if (only && !only.test(name)) continue;
    const ours: number[] = [];
    const floor: number[] = [];
    const walls: number[] = [];
    await runOnce(setup, false); // warm-up (JIT)
    for (let run = 0; run < RUNS; run++) {
      const o = await runOnce(setup, false);
      ours.push(o.cpu);
      walls.push(o.wallMs);
      if (!setup.durable && !setup.triggers) floor.push((await runOnce(setup, true)).cpu);
    }
    const ratio = floor.length ? (median(ours) / median(floor)).toFixed(2) + 'x' : '-';
    console.log(
      `| ${name} | ${f3(ours)} | ${f3(floor)} | ${ratio} | ${median(walls).toFixed(0)} |`,
    );
  }
}

/** A socket workload: what one request of client `c` is. */
interface SocketWorkload {
  name: string;
  clients: number;
  durable?: boolean;
  op: (c: RawClient, ci: number, i: number) => Promise<unknown>;
}

const SOCKET_OPS = 40_000;

const SOCKET_WORKLOADS: SocketWorkload[] = [1, 50].flatMap((clients): SocketWorkload[] => {
  const write = (c: RawClient, ci: number, i: number): Promise<unknown> =>
    c.request('p', { p: `/bench/w/c${ci}/k${i % 500}`, d: { i, at: 1 } });
  return [
    {
      name: `g, ${clients}`,
      clients,
      op: (c, ci, i) => c.request('g', { p: '/' + readPath(ci, i), q: {} }),
    },
    { name: `p, ${clients}`, clients, op: write },
    {
      name: `q+n, ${clients}`,
      clients,
      op: async (c, ci, i) => {
        const p = '/' + readPath(ci, i);
        await c.request('q', { p, h: '' });
        c.send('n', { p });
      },
    },
    { name: `p --data-dir, ${clients}`, clients, durable: true, op: write },
  ];
});

/**
 * Server CPU per request over real sockets, with the batching fixed: every client sends WINDOW
 * requests, waits for their answers, and sends the next WINDOW (lockstep), so ours and the
 * floor read the same requests per event-loop turn whatever their speed. (bench/database.ts keeps
 * WINDOW in flight and refills as answers come, so a server's own speed changes how many requests
 * each turn's syscalls are spread over.)
 */
async function sockets(only: RegExp | null, cpuProf: string | undefined): Promise<void> {
  console.log(
    `\n# Server CPU per request over sockets (lockstep batches of ${WINDOW} per client, ` +
      `${SOCKET_OPS} requests a run, ${RUNS} interleaved runs; load ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    '\n| workload, clients | ours µs/op | floor µs/op | ours / floor (medians) | ours ops/s | floor ops/s |',
  );
  console.log('|---|---|---|---|---|---|');
  const flags = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [];
  for (const w of SOCKET_WORKLOADS) {
    if (only && !only.test(w.name)) continue;
    const servers = [await startOurs(w.durable, flags), await startFloor(w.durable)];
    const cpu: number[][] = [[], []];
    const rate: number[][] = [[], []];
    for (let run = 0; run <= RUNS; run++) {
      for (const [k, t] of (run % 2 ? [...servers].reverse() : servers).entries()) {
        const which = servers.indexOf(t);
        const raws = await Promise.all(
          Array.from({ length: w.clients }, () => RawClient.open(t.port)),
        );
        await raws[0]!.request('p', { p: '/bench/r', d: READ_FIXTURE });
        const perClient = Math.ceil(SOCKET_OPS / w.clients / WINDOW) * WINDOW;
        const cpu0 = processCpuUs(t.pid);
        const t0 = performance.now();
        await Promise.all(
          raws.map(async (c, ci) => {
            for (let i = 0; i < perClient; i += WINDOW)
              await Promise.all(Array.from({ length: WINDOW }, (_, j) => w.op(c, ci, i + j)));
          }),
        );
        const seconds = (performance.now() - t0) / 1000;
        const us = (processCpuUs(t.pid) - cpu0) / (perClient * w.clients);
        raws.forEach((c) => c.close());
        void k;
        if (run === 0) continue; // warm-up
        cpu[which]!.push(us);
        rate[which]!.push((perClient * w.clients) / seconds);
      }
    }
    for (const t of servers) await t.stop();
    console.log(
      `| ${w.name} | ${f3(cpu[0]!)} | ${f3(cpu[1]!)} | ${(median(cpu[0]!) / median(cpu[1]!)).toFixed(2)}x | ` +
        `${median(rate[0]!).toFixed(0)} | ${median(rate[1]!).toFixed(0)} |`,
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): boolean => args.includes(name);
  const valueOf = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const pattern = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--cpu'));
  const only = pattern ? new RegExp(pattern) : null;
  const both = !flag('--in-process') && !flag('--sockets');
  if (both || flag('--in-process')) await inProcess(only);
  if (both || flag('--sockets')) await sockets(only, valueOf('--cpu-prof-dir'));
}

// Run only when executed (bench/run.ts imports every module of bench/ for its run*Bench exports).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
