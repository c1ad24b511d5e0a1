/**
 * The rows a DataTable shows, sorted and filtered, without holding the main thread when a large
 * rows array arrives (a list's 50,000 rows after its first page of 50): a keystroke or a click
 * must paint in under 50 ms from the first page on (docs/performance.md, "How a list reads").
 *
 * - A rows array whose order and search texts cost O(n) (a small list, the same array, or a live
 *   change of a few rows: rowOrder's `orderKnown` and `SearchIndex.known`) is shown at once.
 * - Another (a list's whole rows after its first page), or a sort whose order is not prepared
 *   yet (a header clicked before the idle steps below reached it), is prepared first, in slices
 *   of at most PREPARE_SLICE_MS between which the browser handles input and paints: the order of
 *   the sorted column, then the search texts of that order. Until then the table keeps showing
 *   the rows it showed, in the order it showed them (and says it is busy); then it shows the new
 *   ones, and searching or sorting them again costs one pass.
 * - Once shown, the other sortable columns' orders and the texts are prepared while the browser
 *   is idle (requestIdleCallback, slices of at most IDLE_SLICE_MS), so a first click on any
 *   header costs O(n) too.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  filterRows,
  orderKnown,
  prepareSortOrderSteps,
  sortRows,
  type SearchIndex,
  type SortValue,
  type Steps,
} from './rowOrder';
import { runInSlices, soon, whenIdle } from '../steps';

/** A sortable column: its definition object (the key of its kept orders) and its value. */
export interface SortableColumn<T> {
  column: object;
  value: (row: T) => SortValue;
}

/** Rows under which any array is ordered and searched at once (a sort of 5,000 is a few ms). */
const AT_ONCE_ROWS = 5_000;
/** Longest slice of preparation the shown rows wait for, ms. */
const PREPARE_SLICE_MS = 8;
/** Longest run of idle work at a time, ms: a keystroke meanwhile waits at most about this long. */
const IDLE_SLICE_MS = 8;

/** What the table shows: a rows array, the sort and the search it is shown with. */
interface Shown<T> {
  data: T[];
  sortBy: SortableColumn<T> | undefined;
  desc: boolean;
  query: string;
}

/**
 * See the module comment.
 * @param data the rows, in the order they come
 * @param sortBy the sorted column, if any; `desc` its direction
 * @param sortable every sortable column (prepared in idle time)
 * @param index the search texts (rowOrder `searchIndex`); `query` the search box's text
 * @returns `filtered`: the rows to page through, sorted and matching the search; `shown`: the
 *   rows array they come from (`data`, or while it is prepared the one shown before);
 *   `preparing`: true while the rows, sort or search asked for are prepared and the ones before
 *   still show
 */
export function usePreparedRows<T>({
  data,
  sortBy,
  desc,
  sortable,
  index,
  query,
}: {
  data: T[];
  sortBy: SortableColumn<T> | undefined;
  desc: boolean;
  sortable: readonly SortableColumn<T>[];
  index: SearchIndex<T>;
  query: string;
}): { filtered: readonly T[]; shown: T[]; preparing: boolean } {
  const [before, setBefore] = useState<Shown<T>>({ data, sortBy, desc, query });
  const small = data.length <= AT_ONCE_ROWS;
  // The rows asked for in their order, where that costs O(n) at most: the rows and sort shown
  // already (the first ones given are sorted in the render, as nothing was shown before them), a
  // kept order, or one that follows from a kept one (a live change). Undefined when it needs a
  // sort: a list's whole rows after its first page, or a header clicked before the idle steps
  // below reached it (sorting 50,000 rows at once held the click's paint: docs/performance.md,
  // "How a list reads").
  const orderReady =
    small ||
    !sortBy ||
    (data === before.data && sortBy === before.sortBy) ||
    orderKnown(data, sortBy.column);
  const askedSorted = useMemo(
    () =>
      !orderReady ? undefined : sortBy ? sortRows(data, sortBy.value, desc, sortBy.column) : data,
    [orderReady, data, sortBy, desc],
  );
  // A search needs the texts of those rows in that order; without them, scanning would compute
  // 50,000 texts in the render.
  const atOnce =
    askedSorted !== undefined && (small || query.trim() === '' || index.known(askedSorted));
  const asked: Shown<T> = { data, sortBy, desc, query };
  const same =
    data === before.data &&
    sortBy === before.sortBy &&
    desc === before.desc &&
    query === before.query;
  // Adopted during render (React's pattern for state that follows a prop): no extra commit.
  if (atOnce && !same) setBefore(asked);
  const shown = atOnce ? asked : before;
  const shownData = shown.data;

  // When the asked rows show, this is `askedSorted` itself: sortRows keeps its arrays.
  const sorted = useMemo(
    () =>
      shown.sortBy
        ? sortRows(shownData, shown.sortBy.value, shown.desc, shown.sortBy.column)
        : shownData,
    [shownData, shown.sortBy, shown.desc],
  );
  const filtered = useMemo(
    () => filterRows(sorted, index, shown.query),
    [sorted, index, shown.query],
  );

  // Rows, a sort or a search not yet prepared: the order, then the texts of that order, in short
  // slices; then shown (with the search asked for then, once its texts are known).
  useEffect(() => {
    if (atOnce) return;
    let cancelled = false;
    function* prepare(): Steps<void> {
      let rows: readonly T[] = data;
      if (sortBy) {
        yield* prepareSortOrderSteps(data, sortBy.value, sortBy.column);
        rows = sortRows(data, sortBy.value, desc, sortBy.column);
      }
      yield* index.textsOfSteps(rows);
    }
    runInSlices(
      [prepare()],
      soon,
      PREPARE_SLICE_MS,
      () => cancelled,
      () => setBefore((shownBefore) => ({ ...shownBefore, data, sortBy, desc })),
    );
    return () => {
      cancelled = true;
    };
  }, [atOnce, data, sortBy, desc, index]);

  // While the browser is idle after the shown rows change: the search texts of the shown order,
  // so the first keystroke scans strings, and the other sortable columns' orders, so the first
  // click on any header is O(n) as well.
  useEffect(() => {
    const steps: Array<Steps<unknown>> = [index.textsOfSteps(sorted)];
    for (const { column, value } of sortable)
      steps.push(prepareSortOrderSteps(shownData, value, column));
    let cancelled = false;
    runInSlices(steps, whenIdle, IDLE_SLICE_MS, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [shownData, sorted, index, sortable]);

  return { filtered, shown: shownData, preparing: !atOnce };
}
