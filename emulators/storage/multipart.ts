import { badRequest } from './errors';

/** Largest metadata part accepted, in bytes; it is buffered (it is JSON, the media is not). */
const MAX_HEAD_BYTES = 1024 * 1024;

/** The metadata part of a `multipart/related` upload and the media part's own Content-Type. */
export interface MultipartHead {
  /** Parsed JSON of the first part. */
  metadata: unknown;
  /** Content-Type header of the second (media) part, if any. */
  mediaContentType?: string;
}

/**
 * Extracts the boundary from a `multipart/related; boundary=…` Content-Type.
 *
 * @throws HttpError 400 when the type is not multipart or has no boundary.
 */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /^multipart\/[a-z-]+\s*;.*?boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('Expected a multipart/related body with a boundary.');
  return boundary;
}

/**
 * Streams a two-part `multipart/related` upload (JSON metadata, then media), as both SDKs send it
 * (web: `uploadBytes`; admin: `save({resumable: false})`).
 *
 * The metadata part is buffered (≤ 1 MiB); media bytes are handed to `sink` as they arrive, minus
 * a small tail kept back until it is known not to be the closing delimiter. Busboy, the usual
 * streaming parser, only understands `multipart/form-data`, hence this small state machine.
 *
 * @throws HttpError 400 for a malformed or truncated body (no closing delimiter) or a third part;
 * errors thrown by `sink` (e.g. 413) propagate unchanged.
 */
export async function readMultipartRelated(
  source: AsyncIterable<Buffer>,
  boundary: string,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<MultipartHead> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let head: MultipartHead | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let closed = false; // closing delimiter seen

  for await (const chunk of source) {
    if (closed) continue; // epilogue: ignored, as RFC 2046 says
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (!head) {
      const parsed = parseHead(pending, boundary);
      if (!parsed) {
        if (pending.length > MAX_HEAD_BYTES)
          throw badRequest('Multipart metadata part is too large.');
        continue;
      }
      head = parsed.head;
      pending = pending.subarray(parsed.bodyStart);
    }
    const at = pending.indexOf(delimiter);
    if (at !== -1) {
      await sink(pending.subarray(0, at));
      pending = pending.subarray(at + delimiter.length);
      closed = true;
      continue;
    }
    // Keep back what could be the start of a delimiter split across chunks.
    const safe = Math.max(0, pending.length - (delimiter.length - 1));
    if (safe > 0) await sink(pending.subarray(0, safe));
    pending = Buffer.from(pending.subarray(safe));
  }
  if (!head || !closed) throw badRequest('Truncated multipart body: closing boundary missing.');
  if (pending.length >= 2 && pending.subarray(0, 2).toString() !== '--') {
    throw badRequest('Expected exactly two multipart parts (metadata, media).');
  }
  return head;
}

/** Parses delimiter, metadata part and media headers once they are all in `buffer`. */
function parseHead(
  buffer: Buffer,
  boundary: string,
): { head: MultipartHead; bodyStart: number } | undefined {
  const dash = Buffer.from(`--${boundary}`);
  const first = buffer.indexOf(dash);
  if (first === -1) return undefined;
  const headersEnd1 = buffer.indexOf('\r\n\r\n', first + dash.length);
  if (headersEnd1 === -1) return undefined;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const metaEnd = buffer.indexOf(delimiter, headersEnd1 + 4);
  if (metaEnd === -1) return undefined;
  const afterMeta = metaEnd + delimiter.length;
  if (buffer.length < afterMeta + 2) return undefined;
  if (buffer.subarray(afterMeta, afterMeta + 2).toString() === '--') {
    throw badRequest('Multipart body has no media part.');
  }
  const headersEnd2 = buffer.indexOf('\r\n\r\n', afterMeta);
  if (headersEnd2 === -1) return undefined;

  let metadata: unknown;
  try {
    metadata = JSON.parse(buffer.subarray(headersEnd1 + 4, metaEnd).toString('utf8'));
  } catch {
    throw badRequest('Multipart metadata part is not valid JSON.');
  }
  const mediaHeaders = buffer.subarray(afterMeta, headersEnd2).toString('latin1');
  const mediaContentType = /^content-type:\s*(.+)$/im.exec(mediaHeaders)?.[1]?.trim();
  return {
    head: { metadata, ...(mediaContentType ? { mediaContentType } : {}) },
    bodyStart: headersEnd2 + 4,
  };
}
