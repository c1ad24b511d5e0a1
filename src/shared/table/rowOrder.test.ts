import { describe, expect, it } from 'vitest';
import { filterRows, searchIndex, sortKey, sortRows } from './rowOrder';

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

  it('filters by case-insensitive substring over the indexed texts only', () => {
    const rows = [
      { name: 'Ana Lim', email: 'ana@x.sg', secret: 'zzz' },
      { name: 'Bo', email: 'BO@Y.SG', secret: 'ana' },
    ];
    const index = searchIndex(rows, (r) => [r.name, r.email]);
    expect(filterRows(rows, index, ' ANA ')).toEqual([rows[0]]);
    expect(filterRows(rows, index, 'y.sg')).toEqual([rows[1]]);
    expect(filterRows(rows, index, '')).toEqual(rows);
  });
});
