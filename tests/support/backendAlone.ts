/**
 * A lock across the run's Vitest workers for the browser files that need the backend to
 * themselves (vitest.config.ts E2E_ALONE): they run in a group of two workers, beside
 * emulators/start.test.ts (which starts backends of its own in network namespaces of its own),
 * and this lock keeps each of them from running beside another, except beside the files it names
 * as compatible (tests/setup/alone.ts says which and why). tests/setup/alone.ts takes it before a
 * file's first hook and gives it back after its last.
 *
 * Files take it in the order they asked for it (first come, first served): a worker whose file
 * waits must not be overtaken by the other worker's next file, which would keep it waiting while
 * the group's order (tests/setup/sequencer.ts) meant the two to run in turn or side by side.
 *
 * In the run's builds directory (TEST_BUILDS_DIR, tests/setup/builds.ts): `backend-alone/` holds
 * one file per holder (`held-{name}`, its pid inside) and per waiter (`wait-{ticket}-{name}`), and
 * a mutex directory (`mkdir` either creates it or fails: atomic on one machine) guards reading and
 * changing them. An entry whose process has gone (a worker killed mid-file) no longer counts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILDS_DIR_VARIABLE } from './productionBuild';

/** How often a waiting file looks at the lock again, in ms. */
const POLL_MS = 250;

/** The run's directory. @throws Error outside a run's global setup. */
function runDir(): string {
  const dir = process.env[BUILDS_DIR_VARIABLE];
  if (!dir) throw new Error(`${BUILDS_DIR_VARIABLE} is not set: tests/setup/builds.ts sets it`);
  return dir;
}

/** Whether process `pid` still runs (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `action` holding the mutex, or returns undefined at once when another process holds it. */
function withMutex<T>(action: () => T): T | undefined {
  const mutex = path.join(runDir(), 'backend-alone.mutex');
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    return action();
  } finally {
    rmSync(mutex, { recursive: true, force: true });
  }
}

/** The entries of `prefix` in `dir` ('held-', 'wait-'), their files of gone processes removed. */
function entries(dir: string, prefix: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.startsWith(prefix))
    .filter((file) => {
      const pid = Number(readFileSync(path.join(dir, file), 'utf8'));
      if (alive(pid)) return true;
      rmSync(path.join(dir, file), { force: true });
      return false;
    });
}

/** Width of a ticket's number in a waiter's file name, so that names sort as numbers. */
const TICKET_DIGITS = 6;

/** Adds `name` to the waiters with the next ticket; its file name, or undefined if busy. */
function queue(dir: string, name: string): string | undefined {
  return withMutex(() => {
    const counter = path.join(dir, 'tickets');
    let ticket = 0;
    try {
      ticket = Number(readFileSync(counter, 'utf8'));
    } catch {
      // The run's first file.
    }
    writeFileSync(counter, String(ticket + 1));
    const file = `wait-${String(ticket).padStart(TICKET_DIGITS, '0')}-${name}`;
    writeFileSync(path.join(dir, file), String(process.pid));
    return file;
  });
}

/**
 * Makes waiter `file` (of `name`) a holder if it is the first waiter and every current holder is
 * in `beside`; true when it did.
 */
function tryTake(dir: string, file: string, name: string, beside: readonly string[]): boolean {
  return (
    withMutex(() => {
      if (entries(dir, 'wait-').sort()[0] !== file) return false;
      const held = entries(dir, 'held-').map((holder) => holder.slice('held-'.length));
      if (!held.every((holder) => beside.includes(holder))) return false;
      rmSync(path.join(dir, file), { force: true });
      writeFileSync(path.join(dir, `held-${name}`), String(process.pid));
      return true;
    }) ?? false
  );
}

/**
 * Waits until the files that asked before have taken the backend and every file holding it is
 * one of `beside`, takes it (beside them) and resolves with the function that gives it back
 * (idempotent).
 *
 * @param name the holder's name, unique among the files (e.g. the test file's base name)
 * @param beside the holders `name` may run beside; [] for none
 * @param timeoutMs how long to wait
 * @throws Error when other holders still hold it after `timeoutMs`, naming them
 */
export async function holdBackendAlone(
  name: string,
  beside: readonly string[],
  timeoutMs: number,
): Promise<() => void> {
  const dir = path.join(runDir(), 'backend-alone');
  mkdirSync(dir, { recursive: true });
  const deadline = Date.now() + timeoutMs;
  const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));
  let file = queue(dir, name);
  for (; file === undefined; file = queue(dir, name)) await pause();
  while (!tryTake(dir, file, name, beside)) {
    if (Date.now() > deadline) {
      rmSync(path.join(dir, file), { force: true });
      const others = readdirSync(dir).join(', ');
      throw new Error(`${name}: still waiting after ${timeoutMs} ms behind ${others}`);
    }
    await pause();
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    rmSync(path.join(dir, `held-${name}`), { force: true });
  };
}
