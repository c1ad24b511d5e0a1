/**
 * Property tests (fast-check) of the `multipart/related` reader: arbitrary bodies, boundaries and
 * chunkings, mutated well-formed bodies, and round trips of well-formed ones. The reader returns
 * the head or throws the server's own HttpError (4xx); the server answers arbitrary multipart
 * uploads with a 2xx/4xx status, never 5xx, and a normal upload works afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import type { StorageEmulator } from './index';
import { multipartBoundary, readMultipartRelated } from './multipart';
import { BUCKET, startTestEmulator } from './testing/support';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if true; } } }`;
const OWNER = { Authorization: 'Firebase owner' };

let emulator: StorageEmulator;
beforeAll(async () => {
  ({ emulator } = await startTestEmulator(RULES, {
    maxUploadBytes: 1024 * 1024,
    resizeConfigPath: '/nonexistent.env',
  }));
});
afterAll(async () => {
  await emulator.stop();
});

/** RFC 2046 boundary characters (bchars), 1–70 of them. */
const boundaryArb = fc.oneof(
  fc.stringMatching(/^[0-9A-Za-z'()+_,./:=?-]{1,70}$/),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** A well-formed two-part body and its parts. */
const wellFormedArb = fc
  .record({
    boundary: fc.stringMatching(/^[0-9A-Za-z'()+_,.:=?-]{1,40}$/),
    metadata: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 4,
    }),
    media: fc.uint8Array({ maxLength: 3000 }),
    type: fc.constantFrom('text/plain', 'image/png', 'application/octet-stream'),
  })
  .filter(({ boundary, media }) => !Buffer.from(media).includes(`\r\n--${boundary}`))
  .map((p) => ({
    ...p,
    body: Buffer.concat([
      Buffer.from(
        `--${p.boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
          `${JSON.stringify(p.metadata)}\r\n--${p.boundary}\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      Buffer.from(p.media),
      Buffer.from(`\r\n--${p.boundary}--\r\n`),
    ]),
  }));

/** Cut points for splitting a body into chunks. */
const cutsArb = fc.array(fc.nat(), { maxLength: 6 });

function chunked(body: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => (body.length ? c % body.length : 0)))].sort(
    (a, b) => a - b,
  );
  const chunks: Buffer[] = [];
  let at = 0;
  for (const p of points) {
    if (p > at) chunks.push(body.subarray(at, p));
    at = Math.max(at, p);
  }
  chunks.push(body.subarray(at));
  return chunks;
}

async function* source(chunks: Buffer[]): AsyncIterable<Buffer> {
  for (const c of chunks) yield c;
}

/** Runs the reader; returns what it returned, or the HttpError it threw (anything else fails). */
async function read(
  chunks: Buffer[],
  boundary: string,
): Promise<{ head?: unknown; media: Buffer; error?: HttpError }> {
  const parts: Buffer[] = [];
  try {
    const head = await readMultipartRelated(source(chunks), boundary, async (c) => {
      parts.push(Buffer.from(c));
    });
    return { head, media: Buffer.concat(parts) };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    expect(err.status).toBe(400);
    return { error: err, media: Buffer.concat(parts) };
  }
}

/** A well-formed body with one mutation: truncated, a byte changed, a span removed or doubled. */
const mutatedArb = fc
  .tuple(wellFormedArb, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), fc.nat(255))
  .map(([w, i, j, kind, byte]) => {
    const b = Buffer.from(w.body);
    const at = i % b.length;
    const to = at + (j % (b.length - at + 1));
    let body: Buffer;
    if (kind === 0) body = b.subarray(0, at);
    else if (kind === 1)
      body = Buffer.concat([b.subarray(0, at), Buffer.from([byte]), b.subarray(at + 1)]);
    else if (kind === 2) body = Buffer.concat([b.subarray(0, at), b.subarray(to)]);
    else body = Buffer.concat([b.subarray(0, to), b.subarray(at, to), b.subarray(to)]);
    return { boundary: w.boundary, body };
  });

describe('multipart reader (fuzz)', () => {
  it('multipartBoundary returns a boundary or throws a 400 HttpError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          boundaryArb.map((b) => `multipart/related; boundary=${b}`),
          boundaryArb.map((b) => `multipart/related; boundary="${b}"; charset=x`),
        ),
        (type) => {
          try {
            expect(multipartBoundary(type).length).toBeGreaterThan(0);
          } catch (err) {
            expect(err).toBeInstanceOf(HttpError);
            expect((err as HttpError).status).toBe(400);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('arbitrary bodies: the head, or a 400 HttpError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
          fc.string({ unit: 'grapheme', maxLength: 400 }).map((s) => Buffer.from(s)),
        ),
        boundaryArb,
        cutsArb,
        async (body, boundary, cuts) => {
          await read(chunked(body, cuts), boundary);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('mutated well-formed bodies: the head, or a 400 HttpError', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedArb, cutsArb, async ({ body, boundary }, cuts) => {
        await read(chunked(body, cuts), boundary);
      }),
      { numRuns: 300 },
    );
  });

  it('well-formed bodies in any chunking: metadata, type and media come back intact', async () => {
    await fc.assert(
      fc.asyncProperty(wellFormedArb, cutsArb, async (w, cuts) => {
        const out = await read(chunked(w.body, cuts), w.boundary);
        expect(out.error).toBeUndefined();
        // Through JSON, as sent (-0 becomes 0).
        const metadata: unknown = JSON.parse(JSON.stringify(w.metadata));
        expect(out.head).toEqual({ metadata, mediaContentType: w.type });
        expect(out.media.equals(Buffer.from(w.media))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('server (fuzz over HTTP)', () => {
  it('answers arbitrary multipart uploads with 200 or 4xx, and keeps serving', async () => {
    const url = (name: string): string =>
      `${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutatedArb,
          fc.record({
            boundary: boundaryArb,
            body: fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
          }),
        ),
        async ({ body, boundary }) => {
          const res = await fetch(url(`fuzz/${++n}.bin`), {
            method: 'POST',
            headers: {
              ...OWNER,
              'X-Goog-Upload-Protocol': 'multipart',
              // Header values must be visible ASCII for fetch; the body stays arbitrary.
              'Content-Type': `multipart/related; boundary=${boundary.replace(/[^\x21-\x7e]/g, '') || 'x'}`,
            },
            body: new Uint8Array(body),
          });
          await res.arrayBuffer();
          expect(res.status === 200 || (res.status >= 400 && res.status < 500)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    const ok = await fetch(url('fuzz/after.txt'), {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'text/plain' },
      body: 'still here',
    });
    expect(ok.status).toBe(200);
  });
});
