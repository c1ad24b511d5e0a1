/**
 * A lock across the run's Vitest workers for the browser files that need the backend to
 * themselves (vitest.config.ts E2E_ALONE): they run in a group of two workers, beside
 * emulators/start.test.ts (which starts backends of its own in network namespaces of its own),
 * and this lock keeps two of them from running at once. tests/setup/alone.ts takes it before a
 * file's first hook and gives it back after its last.
 *
 * The lock is a directory (`mkdir` either creates it or fails: atomic on one machine) in the
 * run's builds directory (TEST_BUILDS_DIR, tests/setup/builds.ts), holding the holder's pid: a
 * lock whose process has gone (a worker killed mid-file) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILDS_DIR_VARIABLE } from './productionBuild';

/** How often a waiting file looks at the lock again, in ms. */
const POLL_MS = 250;

/** The lock's directory for this run. @throws Error outside a run's global setup. */
function lockDir(): string {
  const runDir = process.env[BUILDS_DIR_VARIABLE];
  if (!runDir) throw new Error(`${BUILDS_DIR_VARIABLE} is not set: tests/setup/builds.ts sets it`);
  return path.join(runDir, 'backend-alone.lock');
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

/** Takes the lock at once if it is free (or its holder has gone); true when taken. */
function tryTake(dir: string): boolean {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));
    } catch {
      // Just created, its pid not written yet: held.
      return false;
    }
    if (Number.isNaN(holder) || alive(holder)) return false;
    rmSync(dir, { recursive: true, force: true });
    return tryTake(dir);
  }
  writeFileSync(path.join(dir, 'pid'), String(process.pid));
  return true;
}

/**
 * Waits until no other file of the run holds the backend, takes it and resolves with the
 * function that gives it back (idempotent).
 *
 * @param timeoutMs how long to wait for the lock
 * @throws Error when the lock is still held after `timeoutMs`, naming the holder's pid
 */
export async function holdBackendAlone(timeoutMs: number): Promise<() => void> {
  const dir = lockDir();
  const deadline = Date.now() + timeoutMs;
  while (!tryTake(dir)) {
    if (Date.now() > deadline) {
      let holder = '?';
      try {
        holder = readFileSync(path.join(dir, 'pid'), 'utf8');
      } catch {
        // Gone meanwhile: the message still says what waited.
      }
      throw new Error(`the backend was still held by pid ${holder} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    rmSync(dir, { recursive: true, force: true });
  };
}
