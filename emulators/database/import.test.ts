/**
 * Imports: PATCHes of thousands of children into a node that already holds thousands. The tree
 * after them, what a listener of the node receives (one `m` per PATCH holding exactly its
 * children), the refusal of overlapping paths and the echo with and without `print=silent` are
 * the same as for small updates; the overlap check agrees with comparing every pair of paths.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onValue, ref } from 'firebase/database';
import WebSocket from 'ws';
import type { DatabaseEmulator } from './index.js';
import { FrameAssembler } from './protocol/frames.js';
import { hasNestedPaths, isPrefix } from './tree/path.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';

const NS = 'demo-import';

/** A record shaped like an imported student (nested, several kinds of leaves). */
const record = (i: number) => ({
  firstName: `First ${i}`,
  lastName: `Last ${i % 97}`,
  age: i % 30,
  active: i % 3 === 0,
  createdAt: 1_700_000_000_000 + i,
  subjects: { math: true, [`s${i % 7}`]: i % 5 },
});

/** Children `from` .. `to - 1` of the node, keyed `k<i>`. */
const children = (from: number, to: number): Record<string, unknown> =>
  Object.fromEntries(
    Array.from({ length: to - from }, (_, j) => [`k${from + j}`, record(from + j)]),
  );

let emu: DatabaseEmulator;
beforeAll(async () => {
  emu = await startTestServer();
});
afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

async function rest(method: string, path: string, body?: unknown, query = '') {
  const res = await fetch(`${emu.url}/${path}.json?ns=${NS}&auth=owner${query}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A raw protocol client listening to `path`: every data push it receives, reassembled. */
async function rawListener(path: string): Promise<{ pushes: unknown[]; close(): void }> {
  const ws = new WebSocket(`${emu.url.replace('http', 'ws')}/.ws?v=5&ns=${NS}`);
  const frames = new FrameAssembler();
  const pushes: unknown[] = [];
  // The node's value, pushed before the listen is answered, is not one of the pushes counted.
  let listening = false;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = frames.push(data.toString());
      if (text === null) return;
      const msg = JSON.parse(text) as { t: string; d: { r?: number; a?: string; b?: unknown } };
      if (msg.t === 'c') {
        ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: path, h: '' } } }));
      } else if (msg.d.r === 1) {
        listening = true;
        resolve();
      } else if (msg.d.a && listening) pushes.push({ a: msg.d.a, b: msg.d.b });
    });
  });
  return { pushes, close: () => ws.terminate() };
}

describe('hasNestedPaths', () => {
  it('agrees with comparing every pair of paths', () => {
    const key = fc.constantFrom('a', 'b', 'c');
    fc.assert(
      fc.property(fc.array(fc.array(key, { maxLength: 4 }), { maxLength: 12 }), (paths) => {
        let pairwise = false;
        for (let i = 0; i < paths.length; i++)
          for (let j = i + 1; j < paths.length; j++)
            if (isPrefix(paths[i]!, paths[j]!) || isPrefix(paths[j]!, paths[i]!)) pairwise = true;
        expect(hasNestedPaths(paths)).toBe(pairwise);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a large PATCH into a large node', () => {
  it('gives the union of the children and one merge push per PATCH, holding its children', async () => {
    expect((await rest('PUT', 'big', children(0, 6_000), '&print=silent')).status).toBe(204);
    const raw = await rawListener('/big');
    const sdk = webClient(emu, { ns: NS });
    let seen = 0;
    const off = onValue(ref(sdk, 'big'), (s) => (seen = s.size));
    await waitFor(() => seen === 6_000, 'the SDK listener to hold the first 6,000', 60_000);

    const chunks = [children(6_000, 9_000), children(9_000, 12_000), children(3_000, 8_000)];
    for (const chunk of chunks)
      expect((await rest('PATCH', 'big', chunk, '&print=silent')).status).toBe(204);
    await waitFor(() => raw.pushes.length === 3, 'three pushes to the raw listener', 60_000);
    expect(raw.pushes).toEqual(chunks.map((chunk) => ({ a: 'm', b: { p: 'big', d: chunk } })));
    await waitFor(() => seen === 12_000, 'the SDK listener to hold 12,000', 60_000);
    off();
    raw.close();

    const shallow = (await rest('GET', 'big', undefined, '&shallow=true')).json as object;
    expect(Object.keys(shallow)).toHaveLength(12_000);
    for (const i of [0, 2_999, 3_000, 7_999, 8_000, 11_999])
      expect((await rest('GET', `big/k${i}`)).json).toEqual(record(i));
  }, 120_000);

  it('keeps arrays, priorities and later writes into an imported record', async () => {
    const imported = {
      ...children(0, 100),
      p: { '.priority': 5, list: ['a', 'b'], deep: { '.value': 'v', '.priority': 'x' } },
    };
    expect((await rest('PATCH', 'kept', imported, '&print=silent')).status).toBe(204);
    expect((await rest('GET', 'kept/p')).json).toEqual({ list: ['a', 'b'], deep: 'v' });
    expect((await rest('GET', 'kept/p', undefined, '&format=export')).json).toEqual({
      ...imported.p,
      list: { 0: 'a', 1: 'b' },
    });
    await rest('PATCH', 'kept/p', { 'list/2': 'c', n: 1 });
    await rest('PUT', 'kept/k7/age', 99);
    expect((await rest('GET', 'kept/p/list')).json).toEqual(['a', 'b', 'c']);
    expect((await rest('GET', 'kept/p', undefined, '&format=export')).json).toEqual({
      ...imported.p,
      list: { 0: 'a', 1: 'b', 2: 'c' },
      n: 1,
    });
    expect((await rest('GET', 'kept/k7')).json).toEqual({ ...record(7), age: 99 });
    const page = await rest('GET', 'kept', undefined, '&orderBy="$key"&limitToLast=2');
    expect(page.json).toEqual({
      k99: record(99),
      p: { list: ['a', 'b', 'c'], deep: 'v', n: 1 },
    });
  });

  it('refuses overlapping paths anywhere in it and applies none of it', async () => {
    await rest('PUT', 'overlap', children(0, 100));
    const body = { ...children(100, 5_100), 'k4000/firstName': 'Changed' };
    expect(await rest('PATCH', 'overlap', body)).toEqual({
      status: 400,
      json: { error: 'Update paths overlap (one is an ancestor of another)' },
    });
    const shallow = (await rest('GET', 'overlap', undefined, '&shallow=true')).json as object;
    expect(Object.keys(shallow)).toHaveLength(100);
  });

  it('echoes the written children unless print=silent', async () => {
    const body = { a: { x: 1 }, 'b/c': [1, 2] };
    expect(await rest('PATCH', 'echo', body)).toEqual({ status: 200, json: body });
    expect(await rest('PATCH', 'echo', { d: 4 }, '&print=silent')).toEqual({
      status: 204,
      json: undefined,
    });
    expect((await rest('GET', 'echo')).json).toEqual({ a: { x: 1 }, b: { c: [1, 2] }, d: 4 });
  });
});
