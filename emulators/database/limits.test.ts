/**
 * Size limits are enforced before bytes are buffered: a frame above the largest SDK segment, a
 * segment count that cannot fit one message, a split message above 256 MB and a REST body above
 * its limit are refused with the protocol's error, the socket is closed, and the server's memory
 * does not grow with what the client sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DRAIN_MAX_BYTES } from '../early-response.js';
import { slowUpload } from '../testing/slow-upload.js';
import type { DatabaseEmulator } from './index.js';
import {
  FrameAssembler,
  FrameError,
  MAX_FRAME_BYTES,
  MAX_FRAME_SIZE,
  MAX_MESSAGE_BYTES,
  MAX_SEGMENTS,
} from './protocol/frames.js';
import { startTestServer, waitFor } from './testing.js';

let emu: DatabaseEmulator;
/** A server whose REST body limit is 1 MiB, to stream past it quickly. */
let small: DatabaseEmulator;
const SMALL_LIMIT = 1024 * 1024;
beforeAll(async () => {
  emu = await startTestServer();
  small = await startTestServer(undefined, { maxRestBodyBytes: SMALL_LIMIT });
});
afterAll(async () => {
  await emu.stop();
  await small.stop();
});

interface Raw {
  ws: WebSocket;
  /** Parsed messages received (the server's answers here are short, never split). */
  msgs: Array<{ t: string; d: { t?: string; d?: unknown } }>;
  /** Resolves with the close status once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A raw protocol client, after the server's handshake. */
async function rawClient(): Promise<Raw> {
  const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=limits`);
  const msgs: Raw['msgs'] = [];
  ws.on('message', (data) => msgs.push(JSON.parse(String(data)) as Raw['msgs'][number]));
  // Writes after the server closed fail with EPIPE/ECONNRESET on this side: expected here.
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await waitFor(() => msgs.length > 0, 'handshake');
  return { ws, msgs, closed };
}

/** Sends `frame` (as a text frame) and resolves when it is written, or with false on failure. */
function sendFrame(ws: WebSocket, frame: string | Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    if (ws.readyState !== WebSocket.OPEN) return resolve(false);
    ws.send(frame, { binary: false }, (err) => resolve(!err));
  });
}

const errorNotices = (raw: Raw): unknown[] =>
  raw.msgs.filter((m) => m.t === 'c' && m.d.t === 'e').map((m) => m.d.d);

describe('frame assembler limits', () => {
  it('refuses a segment count that cannot fit one message, before any segment', () => {
    expect(MAX_SEGMENTS).toBe(16384);
    const a = new FrameAssembler();
    expect(a.push(String(MAX_SEGMENTS))).toBeNull();
    const b = new FrameAssembler();
    expect(() => b.push(String(MAX_SEGMENTS + 1))).toThrow(FrameError);
    expect(() => new FrameAssembler().push('999999')).toThrow(/Too many segments/);
  });

  it('refuses a split message as soon as its segments pass 256 MB, and holds nothing after', () => {
    const a = new FrameAssembler();
    a.push(String(MAX_SEGMENTS));
    // The byte count is what the socket received; a short string stands for each segment.
    const perFrame = MAX_FRAME_BYTES;
    const fits = Math.floor(MAX_MESSAGE_BYTES / perFrame);
    for (let i = 0; i < fits; i++) expect(a.push('x', perFrame)).toBeNull();
    expect(() => a.push('x', perFrame)).toThrow(/larger than/);
    // Reset: the next frame is a message of its own.
    expect(a.push('{"t":"c","d":{}}')).toBe('{"t":"c","d":{}}');
  });

  it('still reassembles an SDK-sized split message of multi-byte characters', () => {
    const a = new FrameAssembler();
    const text = '€'.repeat(MAX_FRAME_SIZE * 2 + 5);
    const parts = [text.slice(0, MAX_FRAME_SIZE), text.slice(MAX_FRAME_SIZE, 2 * MAX_FRAME_SIZE)];
    parts.push(text.slice(2 * MAX_FRAME_SIZE));
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(a.push('3')).toBeNull();
    expect(a.push(parts[0]!)).toBeNull();
    expect(a.push(parts[1]!)).toBeNull();
    expect(a.push(parts[2]!)).toBe(text);
  });
});

describe('WebSocket limits', () => {
  it('closes a socket that announces too many segments, with an error notice and 1009', async () => {
    const raw = await rawClient();
    await sendFrame(raw.ws, '999999');
    const { code } = await raw.closed;
    expect(code).toBe(1009);
    expect(errorNotices(raw)).toEqual([expect.stringMatching(/Too many segments/)]);
  });

  it('closes an unauthenticated socket sending 1 MiB frames after a 610-segment announce; memory stays flat', async () => {
    const before = process.memoryUsage().rss;
    const raw = await rawClient();
    expect(await sendFrame(raw.ws, '610')).toBe(true);
    const big = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    // Each send waits for its write, so this side never queues more than one frame.
    for (let i = 0; i < 600; i++) {
      if (!(await sendFrame(raw.ws, big))) break;
      sent++;
    }
    const { code } = await raw.closed;
    expect(code).toBe(1009);
    const grown = process.memoryUsage().rss - before;
    // Before the limits, the server kept every frame: ~600 MiB.
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    expect(sent).toBeLessThan(600);
    // The server keeps serving.
    const next = await rawClient();
    next.ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'g', b: { p: '/', q: {} } } }));
    await waitFor(() => next.msgs.some((m) => m.t === 'd'), 'answer on a new socket');
    next.ws.close();
  });

  it('closes a socket whose split message of small frames passes the frame limit', async () => {
    const raw = await rawClient();
    await sendFrame(raw.ws, '2');
    await sendFrame(raw.ws, 'x'.repeat(MAX_FRAME_BYTES + 1));
    expect((await raw.closed).code).toBe(1009);
  });
});

describe('REST body limit', () => {
  it('answers 413 for a declared Content-Length above 256 MB without reading the body', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${emu.url}/big.json?ns=limits`,
        {
          method: 'PUT',
          headers: { 'Content-Length': String(MAX_MESSAGE_BYTES + 1) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('"');
    });
    expect(status).toBe(413);
    expect(await (await fetch(`${emu.url}/big.json?ns=limits`)).json()).toBeNull();
  });

  it('answers 413 once a streamed body passes the limit; the client reads it, then finishes', async () => {
    const result = await slowUpload(`${small.url}/streamed.json?ns=limits`, {
      method: 'PUT',
      totalBytes: 4 * SMALL_LIMIT,
      chunked: true,
    });
    // Before: the request was destroyed at the limit and the client got ECONNRESET/EPIPE.
    expect(result).toEqual({
      status: 413,
      body: JSON.stringify({ error: 'Request body too large' }),
      writtenAtResponse: expect.any(Number),
      written: 4 * SMALL_LIMIT,
    });
    expect(result.writtenAtResponse).toBeLessThan(4 * SMALL_LIMIT);
    expect(await (await fetch(`${small.url}/streamed.json?ns=limits`)).json()).toBeNull();
  });

  it('closes the connection once the unread rest passes the drain cap, after the 413 was read', async () => {
    // Paced (1 ms a MiB) so that the cap, checked every 50 ms, is met well before the end.
    const total = SMALL_LIMIT + 4 * DRAIN_MAX_BYTES;
    const result = await slowUpload(`${small.url}/huge.json?ns=limits`, {
      method: 'PUT',
      totalBytes: total,
      chunkBytes: 1024 * 1024,
      delayMs: 1,
    });
    expect(result.status).toBe(413);
    expect(result.errorBeforeResponse).toBeUndefined();
    expect(result.errorAfterResponse).toMatch(/ECONNRESET|EPIPE/);
    expect(result.written).toBeLessThan(total);
  });
});
