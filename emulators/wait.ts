/**
 * Polling helpers used while the local backend starts: each service is "ready" once it answers on
 * its port, which is what the SDKs need (a log line can come before the socket is open).
 */
import net from 'node:net';

/** Options for {@link waitUntil}. */
export interface WaitOptions {
  /** Human name used in the timeout error, e.g. "Auth emulator on 127.0.0.1:9099". */
  what: string;
  /** Give up after this many milliseconds (default 60 000). */
  timeoutMs?: number;
  /** Pause between attempts in milliseconds (default 200). */
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` until it returns true.
 *
 * @throws Error `"<what> did not become ready within <n> s"` on timeout.
 */
async function waitUntil(check: () => Promise<boolean>, options: WaitOptions): Promise<void> {
  const { what, timeoutMs = 60_000, intervalMs = 200 } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(intervalMs);
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
}

/** True when an HTTP server answers `url` with any status (404 included); false on network error. */
async function httpAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers HTTP (any status). See {@link waitUntil} for errors. */
export function waitForHttp(url: string, options: Omit<WaitOptions, 'what'> & { what?: string }) {
  return waitUntil(() => httpAnswers(url), { what: url, ...options });
}

/**
 * True when nothing listens on `host:port` (a connect attempt is refused). Used before starting so
 * that a second backend fails with a clear message instead of half-starting.
 */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
