/**
 * Early responses (both local servers): an answer sent before the request body was read in full,
 * such as a 400 for a bad object name or a 413 for a body over the limit, must reach the client.
 *
 * Closing or destroying the socket while the client is still sending makes the kernel answer the
 * client's next bytes with a reset, and a client that had not yet read the response then sees
 * ECONNRESET instead of the status (the web SDK retries that as a network error for minutes).
 * So the server keeps the connection and reads the rest of the body, discarding it, up to a cap
 * in bytes and time (the "lingering close" of RFC 9112 §9.6); only past the cap, long after the
 * response was written, is the socket destroyed. The connection stays usable once the body ends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Most unread body bytes discarded after an early response before the socket is destroyed. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Longest time spent discarding an unread body after an early response, in ms. */
export const DRAIN_MAX_MS = 30_000;

/** Caps of {@link drainAfterEarlyResponse}. */
export interface DrainLimits {
  /** Bytes discarded at most; default {@link DRAIN_MAX_BYTES}. */
  maxBytes?: number;
  /** Milliseconds spent at most; default {@link DRAIN_MAX_MS}. */
  maxMs?: number;
}

/**
 * Arranges for the rest of `req`'s body to be read and discarded once `res` is finished (written
 * to the socket) if the handler answered before the body ended. Call it for every request,
 * before the handler runs; handlers must then stop reading without destroying `req` (for a
 * `for await` loop: `req.iterator({ destroyOnReturn: false })`).
 *
 * Past `maxBytes` (checked every 50 ms, so a fast client may send a little more) or `maxMs`
 * the socket is destroyed: the response left long before.
 */
export function drainAfterEarlyResponse(
  req: IncomingMessage,
  res: ServerResponse,
  limits: DrainLimits = {},
): void {
  const maxBytes = limits.maxBytes ?? DRAIN_MAX_BYTES;
  const maxMs = limits.maxMs ?? DRAIN_MAX_MS;
  res.once('finish', () => {
    if (req.readableEnded || req.destroyed) return;
    // Counted on the socket: a body nobody read is "dumped" by Node (dropped inside the parser,
    // no 'data' events), so only bytesRead shows its progress. Checked every 50 ms.
    const socket = req.socket;
    const start = socket.bytesRead;
    const stop = (): void => {
      clearInterval(watch);
      clearTimeout(timer);
    };
    const destroy = (): void => {
      stop();
      socket.destroy();
    };
    const watch = setInterval(() => {
      if (socket.bytesRead - start > maxBytes) destroy();
    }, 50);
    const timer = setTimeout(destroy, maxMs);
    watch.unref();
    timer.unref();
    req.once('end', stop);
    req.once('close', stop);
    req.resume();
  });
}
