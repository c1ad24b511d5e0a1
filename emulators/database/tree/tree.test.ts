import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashNode, doubleToIEEE754String } from './hash.js';
import {
  Branch,
  FROZEN_MAX_CHARS,
  exportJSON,
  exportJSONText,
  freezeLarge,
  frozenFromJSON,
  nodeFromJSON,
  nodeToJSON,
} from './node.js';
import { DataStore } from './store.js';
import { type Index, compareKeys, sortedKeys } from './ordering.js';
import { parseWireQuery, runQuery } from './query.js';
import { InvalidInputError } from './path.js';

describe('key ordering (nameCompare)', () => {
  it('puts 32-bit integer keys first, numerically, then strings by code unit', () => {
    const keys = ['b', '10', 'a', '2', '-1', '01', '1', '2147483648', 'A', '_'];
    expect([...keys].sort(compareKeys)).toEqual([
      '-1',
      '1',
      '01',
      '2',
      '10',
      '2147483648',
      'A',
      '_',
      'a',
      'b',
    ]);
  });
});

describe('hash (transactions)', () => {
  it('matches the SDK test vectors', () => {
    const h = (v: unknown): string => hashNode(nodeFromJSON(v));
    expect(h('hello')).toBe('z6sRbrNLwbHX5fdjpvsTtWgXUFc=');
    expect(h(1)).toBe('YPVfR2bXt/lcDjiQZ8pOkAd3qkQ=');
    expect(h(true)).toBe('E5z61QM0lN/U2WsOnusszCTkR8M=');
    expect(h({ a: 1, b: 'x' })).toBe('jRI9dwRS9sb4SWm8uuoN7+xBk4g=');
    expect(h(1.862645149230957e-9)).toBe('7d5QMiELKDnWdrss5Z2LtOES7JA=');
    expect(h({ '2': 1, '10': 2, b: 3, a: { '.value': 4, '.priority': 1 } })).toBe(
      'UkfxxSnfpSxlo+BP/5nVwAMLKOQ=',
    );
    expect(h(null)).toBe('');
  });
  it('reproduces the SDK float encoding quirk for 2^-29', () => {
    expect(doubleToIEEE754String(Math.pow(2, -29))).toBe('3e10000000000000');
    expect(doubleToIEEE754String(1)).toBe('3ff0000000000000');
  });
});

describe('values', () => {
  it('round-trips export format and converts integer-keyed objects to arrays', () => {
    const n = nodeFromJSON({ a: { '.value': 1, '.priority': 'p' }, '.priority': 2, l: ['x', 'y'] });
    expect(nodeToJSON(n, true)).toEqual({
      a: { '.value': 1, '.priority': 'p' },
      '.priority': 2,
      l: { 0: 'x', 1: 'y' },
    });
    expect(nodeToJSON(n, false)).toEqual({ a: 1, l: ['x', 'y'] });
    expect(nodeFromJSON({ a: null, b: {} })).toBeNull();
  });
  it.each(['a.b', 'a#', 'a$', 'a[', 'a]', 'a/b', 'a\u0001', ''])('rejects key %j', (key) => {
    expect(() => nodeFromJSON({ [key]: 1 })).toThrow(InvalidInputError);
  });
  it('rejects over-deep values and non-finite numbers', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(() => nodeFromJSON(deep)).toThrow(/deeper/);
    expect(() => nodeFromJSON({ a: Infinity })).toThrow(InvalidInputError);
  });
});

describe('query evaluation', () => {
  const data = nodeFromJSON({
    a: { n: 3 },
    b: { n: 'x' },
    c: { n: 1 },
    d: { n: true },
    e: {},
    f: { n: 3 },
    g: { n: { deep: 1 } },
    h: { n: false },
  });
  const keys = (q: unknown): string[] => runQuery(data, parseWireQuery(q)).map(([k]) => k);
  it('orders by child: null < false < true < numbers < strings < objects, ties by key', () => {
    expect(keys({ i: 'n' })).toEqual(['h', 'd', 'c', 'a', 'f', 'b', 'g']);
  });
  it('applies start/end bounds with key tie-breakers and exclusivity', () => {
    expect(keys({ i: 'n', sp: 3, sin: true, ep: 3, ein: true })).toEqual(['a', 'f']);
    expect(keys({ i: 'n', sp: 3, sn: 'a', sin: false, ep: 'x', ein: true })).toEqual(['f', 'b']);
    expect(keys({ i: 'n', sp: 3, sn: '[MAX_NAME]', sin: false })).toEqual(['b', 'g']);
    expect(keys({ i: 'n', ep: 3, en: '[MIN_NAME]', ein: false })).toEqual(['h', 'd', 'c']);
  });
  it('limits from the left and right', () => {
    expect(keys({ i: 'n', l: 2, vf: 'l' })).toEqual(['h', 'd']);
    expect(keys({ i: 'n', l: 2, vf: 'r' })).toEqual(['b', 'g']);
  });
  it('orders by key with startAfter/endBefore', () => {
    expect(keys({ i: '.key', sp: 'b', sin: false, ep: 'f', ein: false })).toEqual(['c', 'd']);
  });
});

describe('export-format text written from the tree', () => {
  /** Values with valid keys, integer keys, nested objects, arrays and priorities. */
  const key = fc.oneof(fc.stringMatching(/^[a-z0-9_ -]{1,5}$/), fc.nat(30).map(String));
  const priority = fc.oneof(fc.integer(), fc.stringMatching(/^[a-z]{0,4}$/));
  const value = fc.letrec((tie) => ({
    leaf: fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
    node: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.record({ '.value': tie('leaf'), '.priority': priority }),
      fc.dictionary(key, tie('node'), { maxKeys: 5 }),
      fc
        .tuple(fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 5 }), priority)
        .map(([children, p]) => ({ ...children, '.priority': p })),
      fc.array(tie('node'), { maxLength: 4 }),
    ),
  })).node;

  it('parses to what nodeToJSON gives in export format, in pieces or whole', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 40 }), (json, pieceChars) => {
        const node = nodeFromJSON(json);
        const whole = exportJSON(node);
        // Through JSON text on both sides: a -0 is written as such, and JSON.stringify says 0.
        expect(JSON.stringify(JSON.parse(whole))).toBe(JSON.stringify(nodeToJSON(node, true)));
        const pieces: string[] = [];
        exportJSONText(node, (piece) => pieces.push(piece), pieceChars);
        expect(pieces.join('')).toBe(whole);
        expect(pieces.slice(0, -1).every((piece) => piece.length >= pieceChars)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('branches kept as text', () => {
  const key = fc.oneof(fc.stringMatching(/^[a-z0-9_ -]{1,5}$/), fc.nat(30).map(String));
  const priority = fc.oneof(fc.integer(), fc.stringMatching(/^[a-z]{0,4}$/));
  const value = fc.letrec((tie) => ({
    leaf: fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
    ),
    node: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.record({ '.value': tie('leaf'), '.priority': priority }),
      fc.dictionary(key, tie('node'), { maxKeys: 5 }),
      fc
        .tuple(fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 5 }), priority)
        .map(([children, p]) => ({ ...children, '.priority': p })),
      fc.array(tie('node'), { maxLength: 4 }),
    ),
  })).node;
  /** JSON text round trip: the comparison of values as a client receives them. */
  const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

  it('read as the same value, hash and children as the nodes they came from', () => {
    fc.assert(
      fc.property(value, (json) => {
        const nodes = nodeFromJSON(json);
        const kept = freezeLarge(nodeFromJSON(json));
        if (nodes instanceof Branch) expect((kept as Branch).frozenText).toBeDefined();
        for (const exportFormat of [false, true])
          expect(wire(nodeToJSON(kept, exportFormat))).toEqual(
            wire(nodeToJSON(nodes, exportFormat)),
          );
        expect(exportJSON(kept)).toBe(exportJSON(nodes));
        expect(hashNode(kept)).toBe(hashNode(nodes));
        // The hash read the children: the branch is nodes now, and still the same value.
        if (kept instanceof Branch) expect(kept.frozenText).toBeUndefined();
        expect(wire(nodeToJSON(kept, false))).toEqual(wire(nodeToJSON(nodes, false)));
      }),
      { numRuns: 1000 },
    );
  });

  it('are made from JSON as freezeLarge(nodeFromJSON(...)) makes them, errors included', () => {
    const odd = fc.oneof(
      value,
      fc.constantFrom(
        { 'a.b': 1 },
        { a: { '.sv': 'timestamp' }, b: [null, { c: {} }] },
        { a: { '.value': { b: 1 } } },
        { a: Number.NaN },
        { a: 1, '.priority': true },
        { '.priority': 1 },
        { a: { b: null }, '.priority': 'p' },
      ),
    );
    const resolve = () => 1234;
    const outcome = (make: () => unknown) => {
      try {
        const node = make() as Parameters<typeof exportJSON>[0];
        return { text: exportJSON(node), kept: node instanceof Branch && !!node.frozenText };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    fc.assert(
      fc.property(odd, fc.nat(3), (json, depth) => {
        const made = outcome(() => frozenFromJSON(json, resolve, depth));
        const reference = outcome(() => freezeLarge(nodeFromJSON(json, resolve, depth)));
        expect(made).toEqual(reference);
      }),
      { numRuns: 1000 },
    );
  });

  it('a record written alone is kept as itself where it holds the value nodeFromJSON makes', () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean());
    const plain = fc.dictionary(
      key,
      fc.oneof(leaf, fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 })),
      { minKeys: 1, maxKeys: 5 },
    );
    const odd = fc.oneof(
      value,
      plain,
      fc.constantFrom(
        { a: -0 },
        { a: { b: null } },
        { a: {} },
        { a: [1, 2] },
        { a: { '.sv': 'timestamp' } },
        { 'a/b': 1 },
        { a: 'x'.repeat(70_000) },
        Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])),
      ),
    );
    const resolve = () => 1234;
    // The text read first (then the hash, from nodes built from the text), and the hash read
    // first (nodes built from the record itself).
    const outcome = (make: () => unknown) => {
      try {
        const node = make() as Parameters<typeof exportJSON>[0];
        const text = exportJSON(node);
        const other = make() as Parameters<typeof exportJSON>[0];
        return { text, hash: hashNode(node), hashFirst: hashNode(other), then: exportJSON(other) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    let kept = 0;
    fc.assert(
      fc.property(odd, fc.nat(31), (json, depth) => {
        const path = Array.from({ length: depth }, (_, i) => `p${i}`);
        const made = outcome(() => {
          const node = new DataStore().prepareWrite(path, json, 1234).node;
          if (node instanceof Branch && node.isFrozen) kept++;
          return node;
        });
        expect(made).toEqual(outcome(() => nodeFromJSON(json, resolve, depth)));
      }),
      { numRuns: 2000 },
    );
    expect(kept).toBeGreaterThan(400);
  });

  it('keeps a large branch as nodes and its record-sized children as text', () => {
    const big = freezeLarge(
      nodeFromJSON(
        Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [`r${i}`, { s: 'x'.repeat(1000), i }]),
        ),
      ),
    ) as Branch;
    expect(exportJSON(big).length).toBeGreaterThan(FROZEN_MAX_CHARS);
    expect(big.frozenText).toBeUndefined();
    expect((big.children.get('r5') as Branch).frozenText).toBe(`{"s":"${'x'.repeat(1000)}","i":5}`);
    const store = new DataStore();
    store.load(big);
    store.apply([store.prepareWrite(['r5', 'i'], 500, 0)]);
    expect(nodeToJSON(store.get(['r5']), false)).toEqual({ s: 'x'.repeat(1000), i: 500 });
    expect(sortedKeys(big, { kind: 'child', path: ['i'] }).slice(-2)).toEqual(['r99', 'r5']);
  });
});

describe('orderings kept across writes', () => {
  const INDEXES: Index[] = [
    { kind: 'key' },
    { kind: 'priority' },
    { kind: 'value' },
    { kind: 'child', path: ['a'] },
  ];
  const key = fc.oneof(fc.constantFrom('x', 'y', 'z', 'w'), fc.nat(12).map(String));
  const leaf = fc.oneof(fc.nat(5), fc.constantFrom('p', 'q'), fc.boolean());
  /** A write into the node `n`: a child set or removed, below a child, or a child's priority. */
  const op = fc.oneof(
    fc
      .tuple(key, fc.oneof(leaf, fc.record({ a: leaf, b: leaf }), fc.constant(null)))
      .map(([k, v]) => ({ path: ['n', k], value: v as unknown })),
    fc.tuple(key, fc.oneof(leaf, fc.constant(null))).map(([k, v]) => ({
      path: ['n', k, 'a'],
      value: v as unknown,
    })),
    fc.tuple(key, fc.oneof(fc.nat(3), fc.constant(null))).map(([k, v]) => ({
      path: ['n', k, '.priority'],
      value: v as unknown,
    })),
  );

  it('order the children as a fresh sort does, after any writes and reads', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(op, fc.boolean()), { minLength: 1, maxLength: 60 }),
        (steps) => {
          const store = new DataStore();
          for (const [{ path, value }, read] of steps) {
            try {
              store.apply([store.prepareWrite(path, value, 0)]);
            } catch {
              continue; // a priority on nothing: refused, as the server refuses it
            }
            const n = store.get(['n']);
            if (!read || !(n instanceof Branch)) continue;
            for (const index of INDEXES) {
              const fresh = sortedKeys(new Branch(n.children), index);
              expect(sortedKeys(n, index)).toEqual(fresh);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('places many changed children at once as a fresh sort does', () => {
    const store = new DataStore();
    const write = (k: number, a: number) =>
      store.apply([store.prepareWrite(['n', `k${k}`], { a }, 0)]);
    for (let k = 0; k < 500; k++) write(k, k % 7);
    const index: Index = { kind: 'child', path: ['a'] };
    const n = store.get(['n']) as Branch;
    sortedKeys(n, index);
    for (let k = 0; k < 500; k += 3) write(k, (k * 13) % 11);
    for (let k = 500; k < 540; k++) write(k, k % 5);
    store.apply([{ path: ['n', 'k1'], node: null }]);
    expect(sortedKeys(n, index)).toEqual(sortedKeys(new Branch(n.children), index));
  });
});
