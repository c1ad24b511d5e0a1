import { describe, expect, it } from 'vitest';
import {
  filterRows,
  prepareSortOrder,
  prepareSortOrderSteps,
  runSteps,
  searchIndex,
  sortKey,
  sortRows,
  updatedAscending,
  type SortValue,
} from './rowOrder';

interface Row {
  id: number;
  v: SortValue;
}

/** A deterministic pseudo-random source (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Few distinct values (many ties), empty ones, numbers and accented text. */
const VALUES: SortValue[] = [
  null,
  undefined,
  '',
  '  ',
  'ana',
  'Ána',
  'bo',
  'Zoë',
  'zoe',
  3,
  1,
  2.5,
];

describe('rowOrder', () => {
  it('orders text as a person expects: case and accents folded', () => {
    const names = ['Zoë', 'émile', 'Emma', 'ana', 'Ana', 'Ángel', 'zoe'];
    expect(sortRows(names, (n) => n, false)).toEqual([
      'ana',
      'Ana',
      'Ángel',
      'émile',
      'Emma',
      'Zoë',
      'zoe',
    ]);
    expect(sortRows(names, (n) => n, true)).toEqual([
      'Zoë',
      'zoe',
      'Emma',
      'émile',
      'Ángel',
      'ana',
      'Ana',
    ]);
  });

  it('reuses the order of the same rows and column, and the keys of unchanged row objects', () => {
    const rows = [{ v: 2 }, { v: 1 }];
    let reads = 0;
    const value = (r: { v: number }) => (reads++, r.v);
    sortRows(rows, value, false, 'v');
    sortRows(rows, value, true, 'v');
    expect(reads).toBe(2);
    // A new array (a live list's change) re-keys only the row objects it has not seen.
    expect(sortRows([...rows], value, false, 'v').map((r) => r.v)).toEqual([1, 2]);
    expect(reads).toBe(2);
    expect(sortRows([{ v: 0 }, rows[1]!], value, false, 'v').map((r) => r.v)).toEqual([0, 1]);
    expect(reads).toBe(3);
  });

  it('keeps empty values last in both directions and equal keys in input order', () => {
    const rows = [
      { id: 1, v: null },
      { id: 2, v: 5 },
      { id: 3, v: '' },
      { id: 4, v: 5 },
      { id: 5, v: 1 },
    ];
    expect(sortRows(rows, (r) => r.v, false).map((r) => r.id)).toEqual([5, 2, 4, 1, 3]);
    expect(sortRows(rows, (r) => r.v, true).map((r) => r.id)).toEqual([2, 4, 5, 1, 3]);
  });

  it('sorts dates by time and numbers before text in a mixed column', () => {
    expect(sortKey(new Date(5))).toBe(5);
    expect(sortKey(new Date(Number.NaN))).toBeNull();
    expect(sortRows(['b', 3, 'a', 1], (v) => v, false)).toEqual([1, 3, 'a', 'b']);
  });

  it('sorts like a stable sort of the keys at every size around its run and step lengths', () => {
    const next = random(23);
    const value = (r: Row) => r.v;
    // The reference: the engine's sort on the same keys, empty ones last, ties by input order.
    const reference = (rows: Row[]) =>
      rows
        .map((row, index) => ({ row, index, key: sortKey(row.v) }))
        .sort((a, b) => {
          if (a.key === null || b.key === null) {
            return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
          }
          if (typeof a.key !== typeof b.key) return typeof a.key === 'number' ? -1 : 1;
          return a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index;
        })
        .map((entry) => entry.row.id);
    for (const n of [0, 1, 2, 31, 32, 33, 64, 65, 100, 2047, 2048, 2049, 5000]) {
      const rows = Array.from({ length: n }, (_, id) => ({
        id,
        v: VALUES[Math.floor(next() * VALUES.length)],
      }));
      expect(sortRows(rows, value, false, `n${n}`).map((r) => r.id)).toEqual(reference(rows));
    }
  });

  it('prepares an order in small steps that give the order sortRows uses', () => {
    const rows = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      v: `Name ${(id * 7919) % 20_011}`,
    }));
    const value = (r: Row) => r.v;
    const steps = prepareSortOrderSteps(rows, value, 'stepped');
    let count = 0;
    while (!steps.next().done) count++;
    // Keys, runs, about 9 merge passes and the result, a step per 2,048 elements of each.
    expect(count).toBeGreaterThan(50);
    const order = prepareSortOrder(rows, value, 'stepped');
    expect(order.rows).toEqual(sortRows(rows, value, false, { id: 'fresh' }));
    // Kept: the same object for the same rows and column.
    expect(runSteps(prepareSortOrderSteps(rows, value, 'stepped'))).toBe(order);
  });

  it('keeps the order a sort click computed while the idle steps were under way', () => {
    const rows = Array.from({ length: 10_000 }, (_, id) => ({ id, v: (id * 31) % 977 }));
    const value = (r: Row) => r.v;
    const steps = prepareSortOrderSteps(rows, value, 'v');
    steps.next();
    const clicked = prepareSortOrder(rows, value, 'v');
    expect(runSteps(steps)).toBe(clicked);
  });

  it('computes search texts in steps, with the texts textsOf gives', () => {
    const rows = Array.from({ length: 5_000 }, (_, id) => ({ id, name: `Ána ${id}` }));
    const texts = (r: (typeof rows)[number]) => [r.name, r.id];
    const stepped = searchIndex(texts).textsOfSteps(rows);
    let count = 0;
    for (;;) {
      const step = stepped.next();
      if (step.done) {
        expect(step.value).toEqual(rows.map((r) => `ána ${r.id}\u0000${r.id}`));
        break;
      }
      count++;
    }
    expect(count).toBeGreaterThan(5);
  });

  it("keeps a whole list's texts while its first page is searched, and gives the same sorted array for the same sort", () => {
    // A list's first page searched while its whole rows are prepared (usePreparedRows): the whole
    // rows' texts must still be there when they are shown, not computed again in one task.
    const all = Array.from({ length: 6_000 }, (_, id) => ({ id, name: `Row ${id}` }));
    const firstPage = all.slice(0, 50);
    let computed = 0;
    const index = searchIndex((r: (typeof all)[number]) => {
      computed++;
      return [r.name];
    });
    const value = (r: (typeof all)[number]) => r.name;
    const prepared = sortRows(all, value, true, 'name');
    runSteps(index.textsOfSteps(prepared));
    expect(filterRows(sortRows(firstPage, value, true, 'name'), index, 'row 1')).toHaveLength(11);
    // The render sorts the whole rows again: the same array, whose texts are kept.
    const shown = sortRows(all, value, true, 'name');
    expect(shown).toBe(prepared);
    expect(sortRows(all, value, false, 'name')).toBe(sortRows(all, value, false, 'name'));
    expect(index.known(shown)).toBe(true);
    computed = 0;
    expect(filterRows(shown, index, 'row 5999')).toEqual([all[5999]]);
    expect(computed).toBe(0);
  });

  it('filters by case-insensitive substring over the indexed texts only', () => {
    const rows = [
      { name: 'Ana Lim', email: 'ana@x.sg', secret: 'zzz' },
      { name: 'Bo', email: 'BO@Y.SG', secret: 'ana' },
    ];
    const index = searchIndex((r: (typeof rows)[number]) => [r.name, r.email]);
    expect(filterRows(rows, index, ' ANA ')).toEqual([rows[0]]);
    expect(filterRows(rows, index, 'y.sg')).toEqual([rows[1]]);
    expect(filterRows(rows, index, '')).toEqual(rows);
  });

  it('answers typing on, Backspace and a changed rows array as a full scan does', () => {
    const next = random(7);
    const letters = 'anlimo';
    const word = (n: number) =>
      Array.from({ length: n }, () => letters[Math.floor(next() * letters.length)]).join('');
    let rows = Array.from({ length: 400 }, (_, i) => ({ id: i, name: word(6) }));
    const index = searchIndex((r: (typeof rows)[number]) => [r.name]);
    const scan = (q: string) => rows.filter((r) => r.name.includes(q));
    // Typed on letter by letter, then taken back, then other words: kept answers narrow the scan.
    const queries = ['a', 'an', 'ana', 'an', 'a', 'l', 'li', 'lim', 'im', 'm', 'ma', 'mo', 'o'];
    for (let run = 0; run < 30; run++) queries.push(word(1 + (run % 3)));
    for (const [i, q] of queries.entries()) {
      // Every fifth query the rows change (a live change: one row renamed), so kept answers of
      // the old rows must not be used.
      if (i % 5 === 4) rows = rows.map((r, j) => (j === i ? { ...r, name: word(6) } : r));
      expect(filterRows(rows, index, q)).toEqual(scan(q));
    }
  });

  it('orders a changed rows array from the previous order exactly as a full sort does', () => {
    const next = random(16);
    const pick = () => VALUES[Math.floor(next() * VALUES.length)];
    let id = 0;
    const make = (): Row => ({ id: id++, v: pick() });
    const value = (r: Row) => r.v;
    for (let run = 0; run < 40; run++) {
      // Each run follows one column object through 25 changes, as a live list's table does.
      const column = { id: `run ${run}` };
      let rows = Array.from({ length: 30 + Math.floor(next() * 40) }, make);
      let order = prepareSortOrder(rows, value, column);
      for (let step = 0; step < 25; step++) {
        const changed = rows.slice();
        for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
          const at = Math.floor(next() * changed.length);
          const kind = next();
          // Replace a row (a rename, possibly moving it across pages), add one, remove one, or
          // move a kept row object elsewhere in the input.
          if (kind < 0.4) changed[at] = { ...changed[at]!, v: pick() };
          else if (kind < 0.65) changed.splice(at, 0, make());
          else if (kind < 0.9 && changed.length > 1) changed.splice(at, 1);
          else changed.splice(Math.floor(next() * changed.length), 0, ...changed.splice(at, 1));
        }
        const updated = updatedAscending(rows, order, changed, value, column);
        // A fresh column object: no earlier order, a full sort.
        const full = prepareSortOrder(changed, value, { id: 'full' });
        expect(updated).toEqual(full);
        expect(prepareSortOrder(changed, value, column)).toEqual(full);
        expect(sortRows(changed, value, true, column)).toEqual(
          sortRows(changed, value, true, { id: 'full' }),
        );
        rows = changed;
        order = full;
      }
    }
  });

  it('sorts whole when the rows changed too much to follow, and still orders them right', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, v: (i * 37) % 101 }));
    const order = prepareSortOrder(rows, (r) => r.v, { id: 'v' });
    const others = rows.map((r) => ({ ...r }));
    expect(updatedAscending(rows, order, others, (r) => r.v, { id: 'v' })).toBeUndefined();
    expect(updatedAscending(rows, order, [...rows], (r) => r.v, { id: 'v' })).toEqual(order);
    const column = { id: 'v' };
    prepareSortOrder(rows, (r) => r.v, column);
    expect(sortRows(others, (r) => r.v, false, column).map((r) => r.v)).toEqual(
      rows.map((r) => r.v).sort((a, b) => a - b),
    );
  });

  it('filters a changed rows array from the last filtering exactly as a full pass does', () => {
    const next = random(5);
    const words = ['Ana', 'ána', 'Bo', 'bob', 'lim', 'ANALIM', ''];
    const make = (i: number) => ({ id: i, name: words[Math.floor(next() * words.length)] });
    const texts = (r: { id: number; name?: string }) => [r.name, `#${r.id}`];
    const index = searchIndex(texts);
    let rows = Array.from({ length: 60 }, (_, i) => make(i));
    for (let step = 0; step < 200; step++) {
      const query = step % 50 < 25 ? ' ana ' : 'BO';
      const changed = rows.slice();
      const at = Math.floor(next() * changed.length);
      const kind = next();
      if (kind < 0.5) changed[at] = { ...changed[at]!, name: make(0).name };
      else if (kind < 0.75) changed.splice(at, 0, make(1000 + step));
      else changed.splice(at, 1);
      // A fresh index has no last filtering: a full pass.
      expect(filterRows(changed, index, query)).toEqual(
        filterRows(changed, searchIndex(texts), query),
      );
      rows = changed;
    }
  });

  it("keeps a rows array's search texts in order through changes, for any query", () => {
    const next = random(9);
    const texts = (r: { id: number; name: string }) => [r.name, `#${r.id}`];
    const index = searchIndex(texts);
    let rows = Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Name ${i % 7}` }));
    expect(index.textsOf(rows)).toBe(index.textsOf(rows));
    for (let step = 0; step < 150; step++) {
      const changed = rows.slice();
      const at = Math.floor(next() * changed.length);
      const kind = next();
      if (kind < 0.4) changed[at] = { ...changed[at]!, name: `Renamed ${step}` };
      else if (kind < 0.6) changed.splice(at, 0, { id: 1000 + step, name: `New ${step}` });
      else if (kind < 0.8) changed.splice(at, 1);
      else changed.reverse();
      expect(index.textsOf(changed)).toEqual(changed.map((r) => index.get(r)));
      // A different query each time: the texts, not the last matches, carry over.
      const query = `${step % 7}`;
      expect(filterRows(changed, index, query)).toEqual(
        changed.filter((r) => index.get(r).includes(query)),
      );
      rows = changed;
    }
  });
});
