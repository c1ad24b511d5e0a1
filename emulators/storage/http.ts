import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError } from './errors';

/** Largest JSON request body (metadata) accepted, in bytes. */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Response headers browsers may read. Without them XHR reports the upload headers as null and the
 * web SDK fails with `storage/unknown` (reference notes §2; list as in firebase-tools).
 */
const EXPOSED_HEADERS = [
  'x-goog-upload-url',
  'x-goog-upload-status',
  'x-goog-upload-size-received',
  'x-goog-upload-command',
  'x-goog-upload-protocol',
  'x-goog-upload-chunk-granularity',
  'x-goog-upload-control-url',
  'x-gupload-uploadid',
  'x-goog-upload-header-content-length',
  'x-goog-upload-header-content-type',
  'x-goog-hash',
  'x-goog-generation',
  'x-goog-metageneration',
  'content-type',
  'content-length',
  'content-range',
  'location',
  'range',
  'etag',
  'x-firebase-storage-version',
].join(', ');

/** Adds CORS headers to every response (Chromium runs the web SDK through XHR). */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.headers.origin) res.setHeader('Access-Control-Allow-Credentials', 'true');
}

/** Answers an `OPTIONS` preflight: any method the APIs use, the headers the browser asks for. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? '*',
  );
  res.setHeader('Access-Control-Max-Age', '3600');
  if (req.headers['access-control-request-private-network']) {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.writeHead(204).end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Sends an error in the shape both APIs use: `{"error":{"code","message","errors":[…]}}`.
 * If the request body was not read in full, the server discards the rest after the reply
 * (early-response.ts): closing the connection instead could reset it before the client read the
 * status.
 */
export function sendError(_req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(
    res,
    error.status,
    {
      error: {
        code: error.status,
        message: error.message,
        errors: [{ message: error.message, domain: 'global', reason: error.reason }],
      },
    },
    error.headers,
  );
}

/**
 * Reads a small JSON body. Empty body → `undefined`.
 *
 * @throws HttpError 400 for invalid JSON, 413 above 1 MiB.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(req)) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new HttpError(413, 'JSON body too large.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON.');
  }
}

/**
 * The chunks of a request body. Leaving the loop early (an error thrown inside it) does not
 * destroy the request, as `for await (… of req)` would (destroying its socket before the error
 * reply is written); the server discards the rest after the reply.
 */
export function bodyChunks(req: IncomingMessage): AsyncIterable<Buffer> {
  return req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
}

/** Streams a request body into `sink`, chunk by chunk (for uploads). */
export async function pumpBody(
  req: IncomingMessage,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<void> {
  for await (const chunk of bodyChunks(req)) await sink(chunk);
  if (!req.complete) throw badRequest('Request body ended early.');
}

/** Parses a `Range: bytes=a-b` header against a size; undefined for none or unsatisfiable forms. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return undefined;
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return { start: size - suffix, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start > end) return undefined;
  return { start, end };
}

/** A request header as one string (repeated headers joined with ', ' as HTTP allows). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
