/**
 * The export-format text a branch caches (node.ts `Branch.textCache`, read by listens, `g` and
 * pushes) never outlives a write: every kind of write (set, update, remove, transaction, REST
 * import) at, above and below a location whose text is cached is followed by reads through the
 * unmodified web SDK (a `g` and a new listen) that must see the new value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  get,
  onValue,
  ref,
  remove,
  runTransaction,
  set,
  update,
} from 'firebase/database';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';
import { Branch, exportText, nodeToJSON } from './tree/node.js';
import { DataStore } from './tree/store.js';

let emu: DatabaseEmulator;
/** Writes. */
let writer: Database;
/** Reads with `get` (no listens of its own, so every `get` is a `g` to the server). */
let reader: Database;

beforeAll(async () => {
  emu = await startTestServer();
  writer = webClient(emu);
  reader = webClient(emu);
});

afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

/** One value through a new listen on a fresh client (the listen's first data message). */
async function listenOnce(path: string): Promise<unknown> {
  const db = webClient(emu);
  return new Promise((resolve) => {
    const off = onValue(ref(db, path), (s) => {
      off();
      resolve(s.val());
    });
  });
}

/** Reads `path` twice (the second read is served from the cached text), by `g` and by a listen. */
async function readCached(path: string): Promise<unknown> {
  await get(ref(reader, path));
  const viaGet = (await get(ref(reader, path))).val();
  expect(await listenOnce(path)).toEqual(viaGet);
  return viaGet;
}

/** After a write, both a `g` and a new listen see `expected`. */
async function expectRead(path: string, expected: unknown): Promise<void> {
  expect((await get(ref(reader, path))).val()).toEqual(expected);
  expect(await listenOnce(path)).toEqual(expected);
}

const REC = { name: 'Ada', n: 1, tags: { a: true, b: true } };

describe('cached text of a location, written through the SDK', () => {
  it('set at the location, above it and below it', async () => {
    const base = 'tc/set';
    await set(ref(writer, base), { r: REC });
    expect(await readCached(`${base}/r`)).toEqual(REC);

    await set(ref(writer, `${base}/r`), { ...REC, n: 2 });
    await expectRead(`${base}/r`, { ...REC, n: 2 });

    await set(ref(writer, `${base}/r/tags/c`), true);
    await expectRead(`${base}/r`, { ...REC, n: 2, tags: { a: true, b: true, c: true } });

    await set(ref(writer, base), { r: { name: 'Bo' } });
    await expectRead(`${base}/r`, { name: 'Bo' });
  });

  it('update (multi-path) below and above the location', async () => {
    const base = 'tc/update';
    await set(ref(writer, base), { r: REC, s: REC });
    expect(await readCached(`${base}/r`)).toEqual(REC);
    expect(await readCached(base)).toEqual({ r: REC, s: REC });

    await update(ref(writer, base), { 'r/n': 3, 's/name': 'Cy' });
    await expectRead(`${base}/r`, { ...REC, n: 3 });
    await expectRead(base, { r: { ...REC, n: 3 }, s: { ...REC, name: 'Cy' } });

    await update(ref(writer, `${base}/r/tags`), { a: null, d: true });
    await expectRead(`${base}/r`, { ...REC, n: 3, tags: { b: true, d: true } });
  });

  it('remove below, at and above the location', async () => {
    const base = 'tc/remove';
    await set(ref(writer, base), { r: REC, keep: 1 });
    expect(await readCached(`${base}/r`)).toEqual(REC);
    expect(await readCached(base)).toEqual({ r: REC, keep: 1 });

    await remove(ref(writer, `${base}/r/tags`));
    await expectRead(`${base}/r`, { name: 'Ada', n: 1 });
    await expectRead(base, { r: { name: 'Ada', n: 1 }, keep: 1 });

    await remove(ref(writer, `${base}/r`));
    await expectRead(`${base}/r`, null);
    await expectRead(base, { keep: 1 });

    await remove(ref(writer, base));
    await expectRead(base, null);
  });

  it('transaction at the location and below it', async () => {
    const base = 'tc/tx';
    await set(ref(writer, base), { r: REC });
    expect(await readCached(`${base}/r`)).toEqual(REC);

    const done = await runTransaction(
      ref(writer, `${base}/r/n`),
      (n: number | null) => (n ?? 0) + 10,
    );
    expect(done.committed).toBe(true);
    await expectRead(`${base}/r`, { ...REC, n: 11 });

    await runTransaction(ref(writer, `${base}/r`), (r: typeof REC | null) =>
      r ? { ...r, name: r.name + '!' } : r,
    );
    await expectRead(`${base}/r`, { ...REC, n: 11, name: 'Ada!' });
  });

  it('a live listener above a written location gets the new value, not its cached text', async () => {
    const base = 'tc/live';
    await set(ref(writer, base), { r: REC });
    expect(await readCached(base)).toEqual({ r: REC });
    const db = webClient(emu);
    let last: unknown;
    const off = onValue(ref(db, base), (s) => (last = s.val()));
    await waitFor(() => last !== undefined, 'first value');
    await set(ref(writer, `${base}/r/n`), 42);
    await waitFor(() => (last as { r: { n: number } }).r.n === 42, 'pushed value');
    off();
    await expectRead(base, { r: { ...REC, n: 42 } });
  });
});

describe('cached text of imported records (kept as text), written through REST and the SDK', () => {
  /** A REST PATCH of `count` records under `base` (an import: 32 entries or more). */
  async function restImport(base: string, count: number, n: number): Promise<void> {
    const body = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`k${i}`, { name: `r${i}`, n }]),
    );
    const res = await fetch(`${emu.url}/${base}.json?ns=demo-test`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    await res.text();
  }

  it('an import over a cached location, then a write into an imported record', async () => {
    const base = 'tc/import';
    await restImport(base, 40, 1);
    expect(await readCached(`${base}/k3`)).toEqual({ name: 'r3', n: 1 });
    expect(await readCached(base)).toMatchObject({ k0: { name: 'r0', n: 1 } });

    await restImport(base, 40, 2);
    await expectRead(`${base}/k3`, { name: 'r3', n: 2 });
    expect(((await get(ref(reader, base))).val() as Record<string, unknown>).k39).toEqual({
      name: 'r39',
      n: 2,
    });

    await set(ref(writer, `${base}/k3/n`), 5);
    await expectRead(`${base}/k3`, { name: 'r3', n: 5 });
    expect(((await get(ref(reader, base))).val() as Record<string, unknown>).k3).toEqual({
      name: 'r3',
      n: 5,
    });
  });
});

describe('exportText on the store', () => {
  it('caches a branch text and drops it on every kind of write at, above or below it', () => {
    const store = new DataStore();
    const json = (path: string[]): unknown => JSON.parse(exportText(store.get(path)));
    store.apply([store.prepareWrite(['a'], { b: { c: 1, d: { e: 'x' } } }, 0)]);
    const cases: Array<[string, () => void, unknown]> = [
      [
        'set below',
        () => store.apply([store.prepareWrite(['a', 'b', 'd', 'e'], 'y', 0)]),
        { c: 1, d: { e: 'y' } },
      ],
      ['set at', () => store.apply([store.prepareWrite(['a', 'b'], { c: 2 }, 0)]), { c: 2 }],
      [
        'merge below',
        () => store.apply(store.prepareMerge(['a', 'b'], { c: 3, f: true }, 0)),
        { c: 3, f: true },
      ],
      ['remove below', () => store.apply([store.prepareWrite(['a', 'b', 'f'], null, 0)]), { c: 3 }],
      [
        'priority',
        () => store.apply([store.prepareWrite(['a', 'b', '.priority'], 7, 0)]),
        { c: 3, '.priority': 7 },
      ],
      ['set above', () => store.apply([store.prepareWrite(['a'], { b: { z: 0 } }, 0)]), { z: 0 }],
      ['remove at', () => store.apply([store.prepareWrite(['a', 'b'], null, 0)]), null],
    ];
    for (const [what, write, expected] of cases) {
      const before = store.get(['a', 'b']);
      json(['a', 'b']);
      // The text is held, cached or as the record's stored text (so a write that failed to
      // drop it would be read stale below).
      if (before instanceof Branch)
        expect(before.textCache ?? before.frozenText, what).toBeDefined();
      write();
      expect(json(['a', 'b']), what).toEqual(expected);
      expect(json(['a', 'b']), what).toEqual(nodeToJSON(store.get(['a', 'b']), true));
    }
  });

  it('does not keep the text of a branch over the cache limit', () => {
    const store = new DataStore();
    const big = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(4000)]),
    );
    store.apply([store.prepareWrite(['big'], big, 0)]);
    expect(JSON.parse(exportText(store.get(['big'])))).toEqual(big);
    expect((store.get(['big']) as Branch).textCache).toBeUndefined();
  });
});
