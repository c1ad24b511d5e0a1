/**
 * Processes a killed local backend leaves behind. emulators/start.ts records, per run, its own pid
 * and the process groups it spawns (firebase-tools with its function workers, the --exec command)
 * in `<dir>/<pid>.json`, and deletes the file when it exits. A file whose owner is gone (SIGKILL,
 * OOM killer) names what may still hold the ports; the next start stops those processes after
 * checking that each pid still runs the recorded command line (a pid can be reused). When a port is
 * still taken, {@link describePortHolder} names the process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One process as `ps` shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Full command line (`ps -o args`). */
  args: string;
}

/** A process recorded by a run. */
export interface RecordedProcess {
  /** What it is, for messages: `firebase-tools`, `--exec command`, `emulators/start.ts`. */
  name: string;
  pid: number;
  /** Command line when recorded; a pid running anything else is not ours any more. */
  args: string;
  /** True when `pid` leads its own process group and the whole group is ours. */
  group: boolean;
}

interface RunFile {
  startedAt: string;
  /** The start.ts process, with its parent at the time (a changed parent means orphaned). */
  owner: RecordedProcess & { ppid: number };
  children: RecordedProcess[];
}

/** Every process of the machine (`ps -A`; Linux and macOS). */
export function listProcesses(): ProcessInfo[] {
  const out = execFileSync('ps', ['-A', '-ww', '-o', 'pid=,ppid=,pgid=,args='], {
    encoding: 'utf8',
  });
  const processes: ProcessInfo[] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (m) processes.push({ pid: +m[1]!, ppid: +m[2]!, pgid: +m[3]!, args: m[4]!.trim() });
  }
  return processes;
}

const argsOf = (pid: number): string =>
  listProcesses().find((p) => p.pid === pid)?.args ?? String(pid);

/** The record of the current run; {@link RunRecord.remove} runs automatically at exit. */
export class RunRecord {
  private readonly data: RunFile;
  private readonly file: string;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, `${process.pid}.json`);
    this.data = {
      startedAt: new Date().toISOString(),
      owner: {
        name: 'emulators/start.ts',
        pid: process.pid,
        ppid: process.ppid,
        args: argsOf(process.pid),
        group: false,
      },
      children: [],
    };
    this.write();
    // 'exit' runs on every exit except a kill by signal, which is what the file is for.
    process.once('exit', () => this.remove());
  }

  /** Records a spawned process (by its command line as `ps` shows it now). */
  add(name: string, pid: number, group: boolean): void {
    this.data.children.push({ name, pid, group, args: argsOf(pid) });
    this.write();
  }

  remove(): void {
    fs.rmSync(this.file, { force: true });
  }

  private write(): void {
    fs.writeFileSync(this.file, JSON.stringify(this.data, null, 1));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The processes of a recorded entry still alive and still running the recorded command. */
function survivors(entry: RecordedProcess, all: ProcessInfo[]): ProcessInfo[] {
  // A process that has exited but is not yet reaped (`ps` shows `[name] <defunct>`) runs nothing:
  // a group whose leader is such a zombie may still have live members (a function worker).
  const running = all.filter((p) => !p.args.endsWith('<defunct>'));
  const leader = running.find((p) => p.pid === entry.pid);
  // The pid now runs something else: not ours. (While a group has members, Linux and macOS do
  // not hand its id out as a pid, so members of a group whose leader is gone are still ours.)
  if (leader && leader.args !== entry.args) return [];
  return running.filter((p) => (entry.group ? p.pgid === entry.pid : p.pid === entry.pid));
}

/** Sends `signal` to an entry (its group if it has one); false when not permitted. */
function signal(entry: RecordedProcess, sig: NodeJS.Signals): boolean {
  try {
    process.kill(entry.group ? -entry.pid : entry.pid, sig);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Stops what earlier runs left: for every run file whose owner is gone or orphaned, each recorded
 * process still running its recorded command gets SIGINT (firebase-tools then exports its data)
 * or, for an orphaned start.ts, SIGTERM (it saves and stops its services); a group whose leader
 * has exited gets SIGTERM for the members it left (function workers); after `graceMs`, SIGKILL.
 * A run whose owner is alive with its original parent is another live backend and left alone. A
 * process this user may not signal is named with the command that stops it.
 *
 * @returns lines naming processes that could not be stopped (empty when all went)
 */
export async function stopLeftovers(
  dir: string,
  say: (line: string) => void,
  graceMs = 15_000,
): Promise<string[]> {
  const unstoppable: string[] = [];
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => /^\d+\.json$/.test(f));
  } catch {
    return unstoppable;
  }
  for (const file of files) {
    const full = path.join(dir, file);
    let run: RunFile;
    try {
      run = JSON.parse(fs.readFileSync(full, 'utf8')) as RunFile;
    } catch {
      fs.rmSync(full, { force: true });
      continue;
    }
    const all = listProcesses();
    const owner = survivors(run.owner, all)[0];
    if (owner && owner.ppid === run.owner.ppid) continue; // a live backend, not ours to stop
    // An orphaned start.ts stops its own children; the others get SIGINT.
    const entries = [...(owner ? [run.owner] : []), ...run.children].filter(
      (entry) => survivors(entry, all).length > 0,
    );
    for (const entry of entries) {
      const how = entry === run.owner ? 'SIGTERM' : 'SIGINT';
      say(
        `Stopping ${entry.name} (pid ${entry.pid}) left by a local backend started ${run.startedAt} that was killed`,
      );
      if (!signal(entry, how)) {
        unstoppable.push(
          `${entry.name} (pid ${entry.pid}: ${entry.args}); stop it with: kill -${how.slice(3)} ${entry.group ? '-- -' : ''}${entry.pid}`,
        );
      }
    }
    const deadline = Date.now() + graceMs;
    const alive = () => entries.filter((entry) => survivors(entry, listProcesses()).length > 0);
    const orphansStopped = new Set<RecordedProcess>();
    while (Date.now() < deadline) {
      // One `ps` per round, for both what is still alive and whose leader has gone.
      const processes = listProcesses();
      const remaining = entries.filter((entry) => survivors(entry, processes).length > 0);
      if (remaining.length === 0) break;
      // firebase-tools exits on SIGINT without stopping the function workers of a run whose owner
      // was killed, and a worker ignores a first SIGINT (firebase-tools' runtime asks for a
      // second): once a group's leader is gone, what it left gets the SIGTERM that firebase-tools
      // sends its workers, instead of waiting out the grace.
      for (const entry of remaining) {
        if (!entry.group || orphansStopped.has(entry)) continue;
        if (survivors(entry, processes).some((p) => p.pid === entry.pid)) continue;
        orphansStopped.add(entry);
        say(`${entry.name} (pid ${entry.pid}) exited; stopping what it left in its group`);
        signal(entry, 'SIGTERM');
      }
      await sleep(200);
    }
    for (const entry of alive()) signal(entry, 'SIGKILL');
    while (alive().length > 0 && Date.now() < deadline + 5_000) await sleep(100);
    if (unstoppable.length === 0) fs.rmSync(full, { force: true });
  }
  return unstoppable;
}

/** Inodes of the listening TCP sockets on `port` in this network namespace (Linux `/proc`). */
function listeningInodes(port: number): Set<string> | undefined {
  const inodes = new Set<string>();
  let found = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    found = true;
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; column 9 is the inode.
      if (cols[3] === '0A' && parseInt(cols[1]?.split(':')[1] ?? '', 16) === port)
        inodes.add(cols[9]!);
    }
  }
  return found ? inodes : undefined;
}

/**
 * Names the process listening on `port`, e.g. `pid 123 (node server.js)`, or undefined when it
 * cannot be found out (another user's process, no /proc and no lsof).
 */
export function describePortHolder(port: number): string | undefined {
  const inodes = listeningInodes(port);
  let pid: number | undefined;
  if (inodes) {
    search: for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let fds: string[];
      try {
        fds = fs.readdirSync(`/proc/${entry}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
          const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
          if (inode && inodes.has(inode)) {
            pid = Number(entry);
            break search;
          }
        } catch {
          // fd closed meanwhile
        }
      }
    }
  } else {
    try {
      const out = execFileSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fp'], {
        encoding: 'utf8',
      });
      pid = Number(/^p(\d+)/m.exec(out)?.[1]) || undefined;
    } catch {
      // no lsof, or nothing found
    }
  }
  return pid === undefined ? undefined : `pid ${pid} (${argsOf(pid)})`;
}
