import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchIndex } from './rowOrder';
import { usePreparedRows, type SortableColumn } from './usePreparedRows';

interface Row {
  id: string;
  name: string;
}

const rows = (n: number, prefix: string): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    name: `${prefix} ${(i * 7919) % n}`,
  }));

const byName: SortableColumn<Row> = { column: { id: 'name' }, value: (r) => r.name };
const index = searchIndex((r: Row) => [r.name, r.id]);

function setup(data: Row[], query = '') {
  return renderHook(
    ({ data, query }: { data: Row[]; query: string }) =>
      usePreparedRows({ data, sortBy: byName, desc: false, sortable: [byName], index, query }),
    { initialProps: { data, query } },
  );
}

const names = (list: readonly Row[]) => list.map((r) => r.name);
const sortedNames = (list: Row[]) =>
  names(list).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a > b ? 1 : 0));

describe('usePreparedRows', () => {
  it('shows a large new rows array only once its order and texts are prepared, keeping the rows shown before meanwhile', async () => {
    const first = rows(50, 'first');
    const { result, rerender } = setup(first);
    expect(names(result.current.filtered)).toEqual(sortedNames(first));
    const all = rows(6_000, 'all');
    rerender({ data: all, query: '' });
    // Not sorted in the render: the first rows stay until the slices are done.
    expect(result.current.shown).toBe(first);
    await waitFor(() => expect(result.current.shown).toBe(all));
    expect(names(result.current.filtered)).toEqual(sortedNames(all));
    // A search on them now scans the prepared texts.
    rerender({ data: all, query: 'all 12' });
    expect(result.current.filtered.every((r) => r.name.includes('all 12'))).toBe(true);
    expect(result.current.filtered.length).toBe(
      all.filter((r) => r.name.includes('all 12')).length,
    );
  });

  it('shows a live change of a prepared array at once, in order', async () => {
    const all = rows(6_000, 'live');
    const { result, rerender } = setup(all);
    // The first array is shown as given (nothing was shown before it).
    expect(result.current.shown).toBe(all);
    const changed = all.map((r, i) => (i === 10 ? { ...r, name: 'aaa first' } : r));
    rerender({ data: changed, query: '' });
    expect(result.current.shown).toBe(changed);
    expect(result.current.filtered[0]?.name).toBe('aaa first');
  });

  it('keeps the rows in the order shown until a sort asked for is prepared, then shows it', async () => {
    const all = rows(6_000, 'sort');
    const byId: SortableColumn<Row> = { column: { id: 'id' }, value: (r) => r.id };
    const { result, rerender } = renderHook(
      ({ sortBy }: { sortBy: SortableColumn<Row> }) =>
        usePreparedRows({ data: all, sortBy, desc: false, sortable: [], index, query: '' }),
      { initialProps: { sortBy: byName } },
    );
    expect(names(result.current.filtered)).toEqual(sortedNames(all));
    expect(result.current.preparing).toBe(false);
    // A header clicked before its order was prepared: no sort of 6,000 rows in this render.
    rerender({ sortBy: byId });
    expect(names(result.current.filtered)).toEqual(sortedNames(all));
    expect(result.current.preparing).toBe(true);
    await waitFor(() => expect(result.current.preparing).toBe(false));
    const ids = all.map((r) => r.id).sort();
    expect(result.current.filtered.map((r) => r.id)).toEqual(ids);
    // Back to a prepared order, either way: at once.
    rerender({ sortBy: byName });
    expect(names(result.current.filtered)).toEqual(sortedNames(all));
    expect(result.current.preparing).toBe(false);
  });

  it('keeps the rows shown until the texts of a search are prepared, then shows its matches', async () => {
    const all = rows(6_000, 'find');
    const { result, rerender } = setup(all);
    expect(result.current.filtered).toHaveLength(6_000);
    // Typed before the idle steps prepared the texts: no 6,000 texts computed in this render.
    rerender({ data: all, query: 'find 12' });
    expect(result.current.filtered).toHaveLength(6_000);
    expect(result.current.preparing).toBe(true);
    await waitFor(() => expect(result.current.preparing).toBe(false));
    const matches = all.filter((r) => `${r.name} ${r.id}`.includes('find 12'));
    expect(result.current.filtered).toHaveLength(matches.length);
    expect(names(result.current.filtered)).toEqual(sortedNames(matches));
  });

  it('shows small arrays at once', () => {
    const { result, rerender } = setup(rows(10, 'small'));
    const next = rows(4_000, 'next');
    rerender({ data: next, query: '' });
    expect(result.current.shown).toBe(next);
    expect(names(result.current.filtered)).toEqual(sortedNames(next));
  });
});
