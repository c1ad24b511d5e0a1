/**
 * Test helper shared by the Database and Storage test files: a raw `http.request` that writes a
 * large body slowly, to see what a client gets when the server answers before the body ends.
 */
import { request } from 'node:http';

/** Options of {@link slowUpload}. */
export interface SlowUploadOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Body size in bytes. */
  totalBytes: number;
  /** Size of each write, in bytes; default 64 KiB. */
  chunkBytes?: number;
  /** Pause after each write, in ms; default 2. */
  delayMs?: number;
  /** Send `Content-Length` (default) or stream the body chunked. */
  chunked?: boolean;
  /** Bytes sent first (e.g. multipart headers), part of `totalBytes`; the rest is `x`. */
  prefix?: string;
  /** The exchange is abandoned (request destroyed) after this many ms; default 10000. */
  timeoutMs?: number;
}

/** What the client saw. */
export interface SlowUploadResult {
  /** Response status, or undefined if none arrived. */
  status?: number;
  /** Response body text. */
  body: string;
  /** Body bytes written when the response headers arrived. */
  writtenAtResponse?: number;
  /** Body bytes written in all. */
  written: number;
  /** Error code (e.g. ECONNRESET) of the request before a response arrived. */
  errorBeforeResponse?: string;
  /** Error code after the response arrived (the socket dropped while the body was sent). */
  errorAfterResponse?: string;
  /** True if the exchange was still going after `timeoutMs`. */
  timedOut?: boolean;
}

/**
 * POSTs (or `method`s) `totalBytes` of `x` to `url` in paced writes, continuing after an early
 * response until the body is sent or the request fails. Resolves once the exchange is over;
 * never rejects.
 */
export function slowUpload(url: string, options: SlowUploadOptions): Promise<SlowUploadResult> {
  const { totalBytes, chunkBytes = 64 * 1024, delayMs = 2 } = options;
  const result: SlowUploadResult = { body: '', written: 0 };
  return new Promise((resolve) => {
    let responseDone = false;
    let requestDone = false;
    const timer = setTimeout(() => {
      result.timedOut = true;
      req.destroy();
      resolve(result);
    }, options.timeoutMs ?? 10_000);
    const finish = (): void => {
      if (!requestDone || !responseDone) return;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(url, {
      method: options.method ?? 'POST',
      headers: {
        ...options.headers,
        ...(options.chunked ? {} : { 'Content-Length': String(totalBytes) }),
      },
    });
    req.on('response', (res) => {
      result.status = res.statusCode;
      result.writtenAtResponse = result.written;
      res.setEncoding('utf8');
      res.on('data', (text: string) => (result.body += text));
      res.on('end', () => {
        responseDone = true;
        finish();
      });
      res.on('error', () => {
        responseDone = true;
        finish();
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (result.status === undefined) result.errorBeforeResponse = err.code ?? err.message;
      else result.errorAfterResponse = err.code ?? err.message;
      requestDone = true;
      responseDone ||= result.status === undefined;
      finish();
    });
    req.on('finish', () => {
      requestDone = true;
      finish();
    });
    const chunk = Buffer.alloc(chunkBytes, 'x');
    void (async () => {
      if (options.prefix) {
        req.write(options.prefix);
        result.written += Buffer.byteLength(options.prefix);
      }
      while (result.written < totalBytes && !req.destroyed) {
        const n = Math.min(chunkBytes, totalBytes - result.written);
        const flushed = req.write(chunk.subarray(0, n));
        result.written += n;
        if (!flushed) {
          // The socket's 'drain', not the request's: once a response has ended, Node's client
          // stops forwarding 'drain' to the request, and waiting on it would hang here.
          await new Promise<void>((r) => {
            const socket = req.socket;
            if (!socket || socket.writableLength === 0) return r();
            const done = (): void => {
              socket.off('drain', done);
              socket.off('close', done);
              r();
            };
            socket.on('drain', done);
            socket.on('close', done);
          });
        }
        await new Promise((r) => setTimeout(r, delayMs));
      }
      if (!req.destroyed) req.end();
    })();
  });
}
