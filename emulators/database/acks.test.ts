/**
 * Acknowledgements of writes with a data directory (connection.ts `finishWrite`): a write is
 * answered only once the journal batch holding it is durable, a connection's writes are answered
 * in the order they were applied, and a batch that failed to be written answers its writes with
 * an error. The connection is driven in process with a stand-in for the journal's batches.
 */
import { describe, expect, it } from 'vitest';
import { newBatch, type Batch } from './journal.js';
import { Namespace } from './namespace.js';
import { ClientConnection } from './protocol/connection.js';
import { Ruleset } from './rules/ruleset.js';

/** A journal batch the test settles. */
const batch = newBatch;

/** A connection whose host's current batch is `current.b`; its answers as `{r, s}`. */
function connection(current: { b: Batch }): {
  conn: ClientConnection;
  answers: Array<{ r: number; s: string }>;
  ns: Namespace;
} {
  const answers: Array<{ r: number; s: string }> = [];
  const open = Ruleset.open();
  const ns = new Namespace('acks', () => open);
  const conn = new ClientConnection(
    {
      send: (text) => {
        const msg = JSON.parse(text) as { t: string; d: { r?: number; b?: { s?: string } } };
        if (msg.t === 'd' && msg.d.r !== undefined) answers.push({ r: msg.d.r, s: msg.d.b!.s! });
      },
      close: () => {},
    },
    ns,
    { log: () => {}, whenDurable: () => current.b.promise },
    'localhost',
  );
  return { conn, answers, ns };
}

const put = (r: number, path: string, d: unknown): string =>
  JSON.stringify({ t: 'd', d: { r, a: 'p', b: { p: path, d } } });

const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('write acknowledgements after durability', () => {
  it('answers writes only once their batch is durable, in the order they were applied', async () => {
    const first = batch();
    const current = { b: first };
    const { conn, answers, ns } = connection(current);
    conn.onFrame(put(1, '/a', 1));
    conn.onFrame(put(2, '/b', { x: 'y' }));
    conn.onFrame(JSON.stringify({ t: 'd', d: { r: 3, a: 'g', b: { p: '/a' } } }));
    const second = batch();
    current.b = second;
    conn.onFrame(put(4, '/c', true));
    await settle();
    // Applied at once (the get sees the write), answered only after the fsync.
    expect(answers).toEqual([{ r: 3, s: 'ok' }]);
    expect(ns.store.get(['b'])).not.toBeNull();
    first.resolve(); // the journal completes its batches in order
    await settle();
    expect(answers.map((a) => a.r)).toEqual([3, 1, 2]);
    second.resolve();
    await settle();
    expect(answers.map((a) => a.r)).toEqual([3, 1, 2, 4]);
    expect(answers.every((a) => a.s === 'ok')).toBe(true);
  });

  it('answers the writes of a batch that failed with an error', async () => {
    const failed = batch();
    const current = { b: failed };
    const { conn, answers } = connection(current);
    conn.onFrame(put(1, '/a', 1));
    conn.onFrame(put(2, '/a', 2));
    const next = batch();
    current.b = next;
    conn.onFrame(put(3, '/a', 3));
    failed.reject(new Error('disk full'));
    next.resolve();
    await settle();
    expect(answers).toEqual([
      { r: 1, s: 'internal_error' },
      { r: 2, s: 'internal_error' },
      { r: 3, s: 'ok' },
    ]);
  });
});
