/**
 * Where a command's CPU time goes, by kind of process: runs the command (`npx tsx
 * scripts/cpuByProcess.ts -- npm test`), samples every process on the machine from `/proc` once a
 * second, and prints at the end the CPU seconds (user + system) each kind of process used while
 * the command ran, beside the machine's whole busy time from `/proc/stat`.
 *
 * A process's time is its own `utime + stime` (fields 14 and 15 of `/proc/[pid]/stat`, in clock
 * ticks of `getconf CLK_TCK`, 100 on Linux), read at its last sample: what a process spends after
 * its last sample (less than one interval) is missed, and so is a process that lives less than one
 * interval. Only the command's processes count: the command and, when first seen, any process
 * whose parent is one of them (a process whose parent exits before it is first seen is missed);
 * the last line compares their sum with the machine's busy time.
 * Kinds are told apart by command line (KINDS below). Linux only.
 *
 * Options before `--`: `--interval ms` (default 1000), `--top n` also lists the n processes that
 * used most (default 0).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpuTicks } from '../tests/setup/slowestFiles';

/** Clock ticks per second of `/proc` times (USER_HZ; 100 on every Linux this project runs on). */
const TICKS_PER_SECOND = 100;

/** Kinds of process, first match wins: [name, test on the command line]. */
const KINDS: [string, RegExp][] = [
  // Chrome's own UI pages (Tab Search, preloaded for each new browser context), not the app's.
  ['chromium renderer of browser UI', /chrom.*--type=renderer.*--top-chrome-webui/],
  ['chromium renderer', /chrom.*--type=renderer/],
  ['chromium gpu', /chrom.*--type=gpu-process/],
  ['chromium other', /chrom.*--type=/],
  ['chromium browser', /chromium/],
  ['function worker', /functionsEmulatorRuntime/],
  ['firebase-tools (auth, functions hub)', /firebase-tools|firebase\.js|\bfirebase\b.*emulators:/],
  ['local backend (start.ts: database, storage)', /emulators\/start\.ts/],
  ['database server (own process)', /emulators\/database\/cli\.ts/],
  ['vitest worker', /vitest\/dist\/workers|vitest.*(forks|threads)\.js/],
  ['vitest main', /vitest/],
  ['esbuild', /esbuild/],
  ['tsc', /typescript\/bin\/tsc|\btsc\b/],
  ['eslint', /eslint/],
  ['prettier', /prettier/],
  ['vite (build, preview)', /\bvite\b/],
  ['npm', /\bnpm\b|npm-cli/],
  ['other node', /\bnode\b/],
];

interface Sample {
  kind: string;
  command: string;
  ticks: number;
  /** Whether the process descends from the command (its parent did when it was first seen). */
  ours: boolean;
}

/** The kind of a process from its command line (KINDS), or 'other'. */
export function kindOf(command: string): string {
  for (const [name, test] of KINDS) if (test.test(command)) return name;
  return 'other';
}

/**
 * The parent pid and utime + stime (in ticks) of a `/proc/[pid]/stat` line; the command name in
 * parentheses may hold spaces.
 */
export function parseStat(stat: string): { ppid: number; ticks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state): ppid is field 4, utime 14, stime 15.
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * Reads every process's CPU ticks now into `into`; processes that vanish mid-read are skipped. A
 * process is the command's when its pid is `root` or its parent is one of the command's.
 */
function readProcesses(into: Map<number, Sample>, root: number): void {
  const pids = readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid))
    .sort((a, b) => a - b);
  for (const pid of pids) {
    try {
      const { ppid, ticks } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const known = into.get(pid);
      if (known) {
        known.ticks = Math.max(known.ticks, ticks);
        continue;
      }
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const ours = pid === root || into.get(ppid)?.ours === true;
      into.set(pid, { kind: kindOf(command), command, ticks, ours });
    } catch {
      // The process ended between readdir and read.
    }
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  if (dash < 0 || dash === args.length - 1) {
    console.error('usage: tsx scripts/cpuByProcess.ts [--interval ms] [--top n] -- command ...');
    process.exit(2);
  }
  const option = (name: string, fallback: number): number => {
    const at = args.indexOf(name);
    return at >= 0 && at < dash ? Number(args[at + 1]) : fallback;
  };
  const interval = option('--interval', 1000);
  const top = option('--top', 0);
  const samples = new Map<number, Sample>();
  const machineStart = cpuTicks();
  const started = Date.now();
  const child = spawn(args[dash + 1]!, args.slice(dash + 2), { stdio: 'inherit' });
  const root = child.pid!;
  const timer = setInterval(() => readProcesses(samples, root), interval);
  readProcesses(samples, root);
  child.on('exit', (code) => {
    clearInterval(timer);
    readProcesses(samples, root);
    const machineEnd = cpuTicks();
    const byKind = new Map<string, { ticks: number; processes: number }>();
    let sampled = 0;
    for (const sample of samples.values()) {
      if (!sample.ours) continue;
      const kind = byKind.get(sample.kind) ?? { ticks: 0, processes: 0 };
      kind.ticks += sample.ticks;
      kind.processes++;
      byKind.set(sample.kind, kind);
      sampled += sample.ticks;
    }
    const seconds = (ticks: number): string => (ticks / TICKS_PER_SECOND).toFixed(1).padStart(8);
    console.log(`\nCPU by kind of process over ${((Date.now() - started) / 1000).toFixed(0)} s:`);
    for (const [kind, { ticks, processes }] of [...byKind].sort((a, b) => b[1].ticks - a[1].ticks))
      console.log(`${seconds(ticks)} s  ${kind} (${processes} processes)`);
    if (machineStart && machineEnd) {
      const busy = machineEnd.busy - machineStart.busy;
      console.log(
        `${seconds(busy)} s  machine busy (/proc/stat); the command's processes as sampled: ${((100 * sampled) / busy).toFixed(0)}%`,
      );
    }
    if (top > 0) {
      const largest = [...samples]
        .filter(([, s]) => s.ours)
        .sort((a, b) => b[1].ticks - a[1].ticks)
        .slice(0, top);
      for (const [pid, p] of largest)
        console.log(`${seconds(p.ticks)} s  ${pid} ${p.command.slice(0, 160)}`);
    }
    process.exit(code ?? 1);
  });
}

main();
