/**
 * bench/support/restImport.ts, the chunker and PATCH writer the benches load their data with
 * (no vitest project includes bench/, so its test stands with the other tooling tests).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { chunkBodies, importValue, importWrites, patchJson } from '../../bench/support/restImport';

/** `n` records keyed r0…r{n-1}, each about 60 characters of JSON. */
const records = (n: number): Record<string, unknown> =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`r${i}`, { name: `Name ${i}`, email: `r${i}@x.test` }]),
  );

/** The objects of `bodies` merged, as the server applies the PATCHes. */
const merged = (bodies: readonly string[]): Record<string, unknown> =>
  Object.assign({}, ...bodies.map((body) => JSON.parse(body) as Record<string, unknown>));

describe('chunkBodies', () => {
  it('puts `records` children in each body, in order, the rest in the last', () => {
    const value = records(7);
    const bodies = chunkBodies(value, { records: 3 });
    expect(bodies.map((body) => Object.keys(JSON.parse(body) as object))).toEqual([
      ['r0', 'r1', 'r2'],
      ['r3', 'r4', 'r5'],
      ['r6'],
    ]);
    expect(merged(bodies)).toEqual(value);
  });

  it('keeps each body within maxBytes of JSON and as full as the next child allows', () => {
    const value = records(100);
    const maxBytes = 500;
    const bodies = chunkBodies(value, { maxBytes });
    expect(bodies.length).toBeGreaterThan(5);
    for (const [i, body] of bodies.entries()) {
      expect(body.length).toBeLessThanOrEqual(maxBytes);
      const next = bodies[i + 1];
      // The next body's first child would not have fitted.
      if (next) {
        const first = next.slice(1, next.indexOf('}') + 1);
        expect(body.length + first.length + 1).toBeGreaterThan(maxBytes);
      }
    }
    expect(merged(bodies)).toEqual(value);
    expect(chunkBodies({}, { maxBytes })).toEqual([]);
  });
});

describe('importWrites', () => {
  it('writes a child larger than maxBytes through its own children, and a scalar through its parent', () => {
    const big = records(40);
    const value = { small: { a: 1 }, big, count: 3 };
    const writes = importWrites('stats', value, 400);
    const under = (path: string) => writes.filter((w) => w.path === path);
    expect(merged(under('stats').map((w) => w.body))).toEqual({ small: { a: 1 }, count: 3 });
    expect(under('stats/big').length).toBeGreaterThan(1);
    expect(merged(under('stats/big').map((w) => w.body))).toEqual(big);
    for (const write of writes) expect(write.body.length).toBeLessThanOrEqual(400);
    expect(importWrites('stats/counts/students', 12, 400)).toEqual([
      { path: 'stats/counts', body: '{"students":12}' },
    ]);
    expect(importWrites('total', 5, 400)).toEqual([{ path: '', body: '{"total":5}' }]);
  });
});

describe('patchJson and importValue', () => {
  it('PATCH as the owner with print=silent and the params; an error names path and status', async () => {
    const seen: { url: string; method: string; auth: string; body: string }[] = [];
    const read = async (request: IncomingMessage) => {
      let body = '';
      for await (const piece of request) body += String(piece);
      return body;
    };
    const server = createServer((request, response) => {
      void read(request).then((body) => {
        seen.push({
          url: request.url ?? '',
          method: request.method ?? '',
          auth: request.headers.authorization ?? '',
          body,
        });
        if (request.url?.startsWith('/refused.json')) {
          response.writeHead(401).end('{"error":"Permission denied"}');
        } else response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const target = { base: `http://127.0.0.1:${port}`, ns: 'demo-ns' };
    try {
      await patchJson({ ...target, auth: 'token-1' }, 'items', '{"a":1}', { x: 'y' });
      expect(seen[0]).toEqual({
        url: '/items.json?ns=demo-ns&print=silent&x=y',
        method: 'PATCH',
        auth: 'Bearer token-1',
        body: '{"a":1}',
      });
      await expect(patchJson(target, 'refused', '{}')).rejects.toThrow(
        'PATCH /refused: 401 {"error":"Permission denied"}',
      );
      seen.length = 0;
      const value = records(30);
      const sent = await importValue(target, 'students', value, 600);
      expect(sent).toBe(seen.length);
      expect(sent).toBeGreaterThan(1);
      for (const request of seen) {
        expect(request.url).toBe('/students.json?ns=demo-ns&print=silent&disableTriggers=true');
        expect(request.auth).toBe('Bearer owner');
      }
      expect(merged(seen.map((request) => request.body))).toEqual(value);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
