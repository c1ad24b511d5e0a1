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
  if (!boundary) throw badRequest('Bad content type. Expected a multipart body with a boundary.');
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
export function readMultipartRelated(
  source: AsyncIterable<Buffer>,
  boundary: string,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<MultipartHead> {
  return streamLastPart(
    source,
    boundary,
    (buffer) => parseHead(buffer, boundary),
    sink,
    'Expected exactly two multipart parts (metadata, media).',
  );
}

/** The fields of a `multipart/form-data` (signed POST policy) upload and its file's type. */
export interface FormDataHead {
  /** Text fields before the file, by name as sent. */
  fields: Map<string, string>;
  /** Content-Type of the file part, if any. */
  fileContentType?: string;
}

/**
 * Streams a `multipart/form-data` upload whose last part is the file (a GCS signed POST policy
 * form, https://cloud.google.com/storage/docs/xml-api/post-object-forms): the text fields before
 * it are buffered (≤ 1 MiB), the file's bytes go to `sink` as they arrive.
 *
 * @throws HttpError 400 for a malformed body, no file part, or a part after the file.
 */
export function readFormDataUpload(
  source: AsyncIterable<Buffer>,
  boundary: string,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<FormDataHead> {
  return streamLastPart(
    source,
    boundary,
    (buffer) => parseFormHead(buffer, boundary),
    sink,
    'The file must be the last form field.',
  );
}

/**
 * The state machine both readers share: buffer until `parse` finds the parts before the streamed
 * one, then hand that last part's bytes to `sink`, minus a small tail kept back until it is known
 * not to be the closing delimiter.
 */
async function streamLastPart<Head>(
  source: AsyncIterable<Buffer>,
  boundary: string,
  parse: (buffer: Buffer) => { head: Head; bodyStart: number } | undefined,
  sink: (chunk: Buffer) => Promise<void>,
  extraPartMessage: string,
): Promise<Head> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let head: Head | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let closed = false; // closing delimiter seen

  for await (const chunk of source) {
    if (closed) continue; // epilogue: ignored, as RFC 2046 says
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (head === undefined) {
      const parsed = parse(pending);
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
  if (head === undefined || !closed)
    throw badRequest('Truncated multipart body: closing boundary missing.');
  if (pending.length >= 2 && pending.subarray(0, 2).toString() !== '--') {
    throw badRequest(extraPartMessage);
  }
  return head;
}

/** Parses the form fields up to the file part's headers once they are all in `buffer`. */
function parseFormHead(
  buffer: Buffer,
  boundary: string,
): { head: FormDataHead; bodyStart: number } | undefined {
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const first = buffer.indexOf(dash);
  if (first === -1) return undefined;
  const fields = new Map<string, string>();
  let partStart = first + dash.length;
  for (;;) {
    if (buffer.length < partStart + 2) return undefined;
    if (buffer.subarray(partStart, partStart + 2).toString() === '--')
      throw badRequest('The form has no file part.');
    const headersEnd = buffer.indexOf('\r\n\r\n', partStart);
    if (headersEnd === -1) return undefined;
    const headers = buffer.subarray(partStart, headersEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw badRequest('A form part has no name.');
    if (/\bfilename\*?=/i.test(disposition)) {
      const fileContentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim();
      return {
        head: { fields, ...(fileContentType ? { fileContentType } : {}) },
        bodyStart: headersEnd + 4,
      };
    }
    const valueEnd = buffer.indexOf(delimiter, headersEnd + 4);
    if (valueEnd === -1) return undefined;
    fields.set(name, buffer.subarray(headersEnd + 4, valueEnd).toString('utf8'));
    partStart = valueEnd + delimiter.length;
  }
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
