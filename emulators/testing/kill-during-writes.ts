/**
 * The crash test of the data directory (`--data-dir`) for both servers: a stream of writes through
 * an SDK, the server process killed with SIGKILL once some of them are acknowledged (others in
 * flight), then the caller restarts it on the same data directory and checks every acknowledged
 * write.
 */
import type { ChildProcess } from 'node:child_process';

/** How many kill-and-restart rounds a durability test runs: `DURABILITY_ROUNDS`, default 1. */
export function durabilityRounds(): number {
  const rounds = Number(process.env.DURABILITY_ROUNDS ?? '1');
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(
      `DURABILITY_ROUNDS must be a positive integer, not ${process.env.DURABILITY_ROUNDS}`,
    );
  return rounds;
}

export interface KillDuringWritesOptions {
  /** The server process; killed with SIGKILL. */
  child: ChildProcess;
  /** Writes numbered 0 … total - 1 are attempted, in order, by `concurrency` workers. */
  total: number;
  /** SIGKILL once this many writes are acknowledged (must be below `total`). */
  killAfter: number;
  /** Writes in flight at once (default 20). */
  concurrency?: number;
  /**
   * Performs write `i`; resolving means the server acknowledged it. A rejection, or no answer
   * before the kill, counts as not acknowledged.
   */
  write: (i: number) => Promise<unknown>;
}

/**
 * Runs the writes, kills the server after `killAfter` acknowledgements, waits for its exit.
 *
 * @returns the numbers of the acknowledged writes (an acknowledgement that arrives after the kill
 * was still sent by the server before it died, so it counts)
 * @throws Error when every write finished before the kill point was reached
 */
export async function killDuringWrites(options: KillDuringWritesOptions): Promise<Set<number>> {
  const { child, total, killAfter, write } = options;
  const acked = new Set<number>();
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let killed = false;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total && !killed) {
      const i = next++;
      // After the kill a client may wait forever (the SDKs queue writes until they reconnect).
      await Promise.race([write(i).then(() => acked.add(i)), exited]).catch(() => undefined);
      if (!killed && acked.size >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 20 }, worker));
  if (!killed)
    throw new Error(`all ${total} writes finished before ${killAfter} were acknowledged`);
  await exited;
  return acked;
}

/** Prints one line per round when several rounds run (the figures of a `DURABILITY_ROUNDS` run). */
export function reportRound(what: string, round: number, acked: number, found: number): void {
  if (durabilityRounds() > 1)
    console.info(`${what} round ${round + 1}: ${acked} acknowledged, ${found} found after restart`);
}

/** A kill point between 30% and 80% of `total`, different in each round. */
export function randomKillPoint(total: number): number {
  return Math.floor(total * (0.3 + Math.random() * 0.5));
}
