/**
 * Property tests (fast-check) of the realtime parser: arbitrary strings, arbitrary JSON,
 * protocol-shaped requests with arbitrary bodies, truncated messages and split messages with right
 * and wrong segment counts. The frame assembler returns a message, null, or throws its own
 * FrameError; a connection never throws, never answers `internal_error`, and afterwards (or on a
 * new socket, if the sequence closed it) a normal request is answered.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseEmulator } from './index.js';
import { Namespace } from './namespace.js';
import { ClientConnection } from './protocol/connection.js';
import { FrameAssembler, FrameError, MAX_FRAME_SIZE, splitFrames } from './protocol/frames.js';
import { Ruleset } from './rules/ruleset.js';
import { OPEN_RULES, startTestServer, waitFor } from './testing.js';

let emu: DatabaseEmulator;
beforeAll(async () => {
  emu = await startTestServer();
});
afterAll(async () => {
  await emu.stop();
});

const ACTIONS = ['p', 'm', 'q', 'l', 'n', 'g', 'o', 'om', 'oc', 'auth', 'gauth', 'unauth', 's'];

/** A path-like string: mostly valid keys, sometimes not. */
const pathArb = fc.oneof(
  fc.array(fc.stringMatching(/^[a-z0-9_-]{1,6}$/), { maxLength: 4 }).map((k) => '/' + k.join('/')),
  fc.string({ maxLength: 12 }),
  fc.constant('/'),
);

/** A value for `d`/`q`/`cred`: JSON values, server values, odd shapes. */
const valueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant({ '.sv': 'timestamp' }),
  fc.constant({ '.sv': { increment: 1 } }),
  fc.record({
    '.value': fc.jsonValue({ maxDepth: 1 }),
    '.priority': fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.anything({ maxDepth: 3 }),
);

/** A request envelope with arbitrary action and body. */
const requestArb = fc
  .record({
    r: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant('x'), fc.constant(null)),
    a: fc.oneof(fc.constantFrom(...ACTIONS), fc.string({ maxLength: 5 })),
    b: fc.oneof(
      fc.record(
        {
          p: pathArb,
          d: valueArb,
          q: fc.oneof(
            fc.jsonValue({ maxDepth: 2 }),
            fc.record({ i: fc.string(), l: fc.integer() }),
          ),
          t: fc.oneof(fc.integer(), fc.string()),
          h: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('')),
          cred: fc.oneof(fc.constant('owner'), fc.string({ maxLength: 40 })),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  })
  .map((d) => JSON.stringify({ t: 'd', d }));

/** Control messages, including unknown ones. */
const controlArb = fc
  .record({ t: fc.oneof(fc.constantFrom('p', 'n', 'x'), fc.string()), d: fc.jsonValue() })
  .map((d) => JSON.stringify({ t: 'c', d }));

/** One message as frames: whole, truncated, split correctly, or split with a wrong count. */
const messageFramesArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => [s]),
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => [s]),
  fc.json({ maxDepth: 3 }).map((s) => [s]),
  requestArb.map((s) => [s]),
  controlArb.map((s) => [s]),
  fc.tuple(requestArb, fc.nat()).map(([s, cut]) => [s.slice(0, s.length ? cut % s.length : 0)]),
  fc.constantFrom('0', '1', '16384', '16385', '999999', '-1', '1e3', '007').map((n) => [n]),
  // A long request split like the SDK does (count frame, then 16384-unit segments).
  fc
    .tuple(pathArb, fc.string({ minLength: MAX_FRAME_SIZE, maxLength: MAX_FRAME_SIZE + 200 }))
    .map(([p, big]) =>
      splitFrames(JSON.stringify({ t: 'd', d: { r: 7, a: 'p', b: { p, d: big } } })),
    ),
  // Split with a count that is off by one, or segments cut anywhere.
  fc
    .tuple(requestArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: -1, max: 1 }))
    .map(([s, n, off]) => {
      const size = Math.max(1, Math.ceil(s.length / n));
      const parts: string[] = [];
      for (let i = 0; i < s.length; i += size) parts.push(s.slice(i, i + size));
      return [String(Math.max(1, parts.length + off)), ...parts];
    }),
);

const sequenceArb = fc.array(messageFramesArb, { minLength: 1, maxLength: 6 }).map((m) => m.flat());

describe('frame assembler (fuzz)', () => {
  it('returns a message or null, or throws FrameError; never anything else', () => {
    fc.assert(
      fc.property(sequenceArb, (frames) => {
        const a = new FrameAssembler();
        for (const f of frames) {
          try {
            const out = a.push(f);
            expect(out === null || typeof out === 'string').toBe(true);
          } catch (err) {
            expect(err).toBeInstanceOf(FrameError);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** A connection with a recording transport on its own namespace (open rules). */
function harness(ns: Namespace) {
  const sent: string[] = [];
  const closed: unknown[] = [];
  const conn = new ClientConnection(
    { send: (t) => sent.push(t), close: (e) => closed.push(e ?? 'closed') },
    ns,
    { log: () => {} },
    'localhost',
  );
  return { conn, sent, closed };
}

/** Responses (`{r, b: {s}}`) among the frames sent, reassembled. */
function responses(sent: string[]): Array<{ r: unknown; s: unknown }> {
  const a = new FrameAssembler();
  const out: Array<{ r: unknown; s: unknown }> = [];
  for (const f of sent) {
    const text = a.push(f);
    if (text === null) continue;
    const msg = JSON.parse(text) as { t: string; d: { r?: unknown; b?: { s?: unknown } } };
    if (msg.t === 'd' && msg.d.r !== undefined) out.push({ r: msg.d.r, s: msg.d.b?.s });
  }
  return out;
}

describe('connection (fuzz)', () => {
  it('never throws or answers internal_error, and answers a normal request afterwards', () => {
    const ns = new Namespace('fuzz', () => Ruleset.parse(JSON.stringify(OPEN_RULES)));
    fc.assert(
      fc.property(sequenceArb, (frames) => {
        const { conn, sent, closed } = harness(ns);
        for (const f of frames) conn.onFrame(f);
        expect(responses(sent).filter((x) => x.s === 'internal_error')).toEqual([]);
        // The only reason to close is a FrameError; every frame sent is protocol JSON.
        for (const c of closed) expect(c).toBeInstanceOf(FrameError);
        // A normal request on a new connection to the same data is answered.
        const fresh = harness(ns);
        fresh.conn.onFrame(JSON.stringify({ t: 'd', d: { r: 1, a: 'g', b: { p: '/', q: {} } } }));
        expect(responses(fresh.sent)).toEqual([{ r: 1, s: 'ok' }]);
        fresh.conn.onClose();
        conn.onClose();
      }),
      { numRuns: 300 },
    );
  });
});

describe('server (fuzz over WebSocket)', () => {
  it('stays up: after each arbitrary sequence a new socket gets its answer', async () => {
    const open = async (): Promise<{ ws: WebSocket; texts: string[] }> => {
      const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=fuzz`);
      const texts: string[] = [];
      ws.on('message', (d) => texts.push(String(d)));
      ws.on('error', () => {});
      await waitFor(() => texts.length > 0, 'handshake');
      return { ws, texts };
    };
    await fc.assert(
      fc.asyncProperty(sequenceArb, async (frames) => {
        const fuzz = await open();
        for (const f of frames) if (fuzz.ws.readyState === WebSocket.OPEN) fuzz.ws.send(f);
        fuzz.ws.close();
        const probe = await open();
        probe.ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'g', b: { p: '/', q: {} } } }));
        await waitFor(() => responses(probe.texts).some((x) => x.r === 1), 'probe answer');
        expect(responses(probe.texts)).toEqual([{ r: 1, s: 'ok' }]);
        probe.ws.close();
      }),
      { numRuns: 100 },
    );
  });
});
