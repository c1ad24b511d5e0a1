/**
 * Sorting and filtering of list rows at a large agency's size (50,000 rows: a sort click or a
 * keystroke must paint in under 50 ms). Both work on keys computed once per row rather than on
 * every comparison: TanStack Table's auto-detected alphanumeric comparator re-derived them on each
 * of the ~800,000 comparisons of a 50,000-row sort.
 */

import { runSteps, sortIndexesSteps, STEP, type Steps } from '../steps';

/** What a column gives to sort by: text, a number, a date, a flag, or nothing. */
export type SortValue = string | number | boolean | Date | null | undefined;

/** A comparable key: a number, a folded string, or null for an empty value. */
type SortKey = number | string | null;

const ASCII = /^[ -~]*$/;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * The key of one value, as a person expects the order:
 * - empty (null, undefined, '', NaN) -> null, which sorts last in both directions;
 * - numbers and dates by value (a Date by its epoch milliseconds), booleans as 0/1;
 * - text case- and accent-insensitive ('Ávila' beside 'avila'): lower-cased, and decomposed with
 *   its combining marks dropped when it is not plain ASCII (the slow step, skipped for most
 *   names). Plain `<` on such keys then orders 50,000 rows several times faster than a collator
 *   call per comparison.
 */
export function sortKey(value: SortValue): SortKey {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const text = value.trim();
  if (text === '') return null;
  const folded = ASCII.test(text) ? text : text.normalize('NFD').replace(COMBINING_MARKS, '');
  return folded.toLowerCase();
}

/** Orders two non-empty keys ascending: numbers before text. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows in ascending order with their keys; the empty-keyed rows last, in input order. */
export interface Ascending<T> {
  rows: T[];
  keys: SortKey[];
  /** Each row's position in the input array: the tie-break between equal keys. */
  indexes: number[];
  /** How many rows at the start have a non-empty key. */
  filled: number;
}

/**
 * Keys already computed, per column id and row object, for a column named by an id: a new rows
 * array with the same row objects (a live list's change: Redux Toolkit's immutable updates
 * replace only the changed rows) re-keys only the changed rows. A column given as its definition
 * object (DataTable) has no such cache: its next order is derived from its last one
 * (updatedAscending, which keys only the added rows), and filling a WeakMap with 50,000 rows cost
 * about as much again as computing their keys, a delay on the first sort of a large list.
 */
const columnKeysById = new Map<unknown, WeakMap<object, SortKey>>();

/** The key cache of `column` when it is an id (see columnKeysById); none for '' or an object. */
function keysOf(column: unknown): WeakMap<object, SortKey> | undefined {
  if (column === '' || (typeof column === 'object' && column !== null)) return undefined;
  let keys = columnKeysById.get(column);
  if (!keys) columnKeysById.set(column, (keys = new WeakMap()));
  return keys;
}

/** `row`'s key, from `keys` (keysOf) when `row` is an object seen before. */
function cachedKey<T>(
  row: T,
  value: (row: T) => SortValue,
  keys: WeakMap<object, SortKey> | undefined,
): SortKey {
  if (!keys || typeof row !== 'object' || row === null) return sortKey(value(row));
  let key = keys.get(row);
  if (key === undefined) keys.set(row, (key = sortKey(value(row))));
  return key;
}

/** `row`'s key for `column` (see keysOf). */
function keyOf<T>(row: T, value: (row: T) => SortValue, column: unknown): SortKey {
  return cachedKey(row, value, keysOf(column));
}

/**
 * The ascending order of two entries (key, input index): keys by value, empty keys last, equal
 * keys by input index. Never 0 for two different indexes: the order is total.
 */
function compareEntries(aKey: SortKey, aIndex: number, bKey: SortKey, bIndex: number): number {
  if (aKey === null || bKey === null) {
    return aKey === bKey ? aIndex - bIndex : aKey === null ? 1 : -1;
  }
  return compareKeys(aKey, bKey) || aIndex - bIndex;
}

/** How many leading entries have a non-empty key (empty keys sort last). */
function filledCount(keys: readonly SortKey[]): number {
  const filled = keys.indexOf(null);
  return filled === -1 ? keys.length : filled;
}

/** Steps and runSteps live in shared/steps; here for the table's modules. */
export { runSteps, type Steps };

/**
 * The ascending order of `rows` by `value`, in steps: a bottom-up merge sort of row indexes on
 * keys computed once per row (keyOf). Its comparison is compareEntries, a total order (equal keys
 * by input index), so the result is the one stable sort of the keys.
 */
function* ascendingSteps<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  column: unknown,
): Steps<Ascending<T>> {
  const n = rows.length;
  const rowKeys: SortKey[] = new Array<SortKey>(n);
  const cache = keysOf(column);
  for (let i = 0; i < n; i++) {
    rowKeys[i] = cachedKey(rows[i] as T, value, cache);
    if (i % STEP === STEP - 1) yield;
  }
  /** Whether row `a` comes before row `b`. */
  const before = (a: number, b: number): boolean =>
    compareEntries(rowKeys[a] as SortKey, a, rowKeys[b] as SortKey, b) < 0;
  const order = yield* sortIndexesSteps(n, before);
  const result: Ascending<T> = { rows: [], keys: [], indexes: [], filled: 0 };
  for (let p = 0; p < n; p++) {
    const index = order[p] as number;
    result.rows.push(rows[index] as T);
    result.keys.push(rowKeys[index] as SortKey);
    result.indexes.push(index);
    if (p % STEP === STEP - 1) yield;
  }
  result.filled = filledCount(result.keys);
  return result;
}

/**
 * The ascending order of `rows` by `value` at once (a sort click on a column not prepared yet):
 * the same order as ascendingSteps (the comparison is a total order), by the engine's own sort,
 * about twice as fast as the merge sort that can stop between steps.
 */
function ascendingNow<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  column: unknown,
): Ascending<T> {
  const n = rows.length;
  const rowKeys: SortKey[] = new Array<SortKey>(n);
  const cache = keysOf(column);
  for (let i = 0; i < n; i++) rowKeys[i] = cachedKey(rows[i] as T, value, cache);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => compareEntries(rowKeys[a] as SortKey, a, rowKeys[b] as SortKey, b));
  const result: Ascending<T> = {
    rows: new Array<T>(n),
    keys: new Array<SortKey>(n),
    indexes: new Array<number>(n),
    filled: 0,
  };
  for (let p = 0; p < n; p++) {
    const index = order[p] as number;
    result.rows[p] = rows[index] as T;
    result.keys[p] = rowKeys[index] as SortKey;
    result.indexes[p] = index;
  }
  result.filled = filledCount(result.keys);
  return result;
}

/**
 * How `next` differs from `previous` when most rows are the same objects in the same relative
 * order (a live list's change: a row replaced, added or removed): `moved[i]` is the new index of
 * `previous[i]`, or -1 when it left (removed, or replaced by another object); `added` are the
 * indexes of rows of `next` that are not kept ones. Greedy, looking one row ahead; any answer
 * it gives is exact, it may only see a change as more edits than needed.
 * @returns undefined when more than `limit` edits were found (a full sort is then as cheap).
 */
function alignRows<T>(
  previous: readonly T[],
  next: readonly T[],
  limit: number,
): { moved: Int32Array; added: number[] } | undefined {
  const moved = new Int32Array(previous.length).fill(-1);
  const added: number[] = [];
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < previous.length && j < next.length) {
    if (previous[i] === next[j]) {
      moved[i++] = j++;
      continue;
    }
    if (++edits > limit) return undefined;
    if (i + 1 < previous.length && previous[i + 1] === next[j]) i++;
    else if (j + 1 < next.length && previous[i] === next[j + 1]) added.push(j++);
    else {
      i++;
      added.push(j++);
    }
  }
  edits += previous.length - i + next.length - j;
  if (edits > limit) return undefined;
  while (j < next.length) added.push(j++);
  return { moved, added };
}

/**
 * The ascending order of `next` derived from `order`, the ascending order of `previous`: the rows
 * kept keep their relative order (same key, and their indexes only shift), so the rows that left
 * are dropped, the indexes remapped, and the added rows (sorted) merged in at positions found by
 * binary search: O(n) copying plus O(k log n) key comparisons for k changed rows, where a sort
 * is O(n log n) comparisons. The result equals `ascending(next, ...)`.
 * @returns undefined when `next` differs too much from `previous` (then sort it whole).
 */
export function updatedAscending<T>(
  previous: readonly T[],
  order: Ascending<T>,
  next: readonly T[],
  value: (row: T) => SortValue,
  column: unknown,
): Ascending<T> | undefined {
  const diff = alignRows(previous, next, Math.max(64, next.length >> 4));
  if (!diff) return undefined;
  const { moved } = diff;
  // The kept rows, in their old order, with their new indexes.
  const rows: T[] = [];
  const keys: SortKey[] = [];
  const indexes: number[] = [];
  for (let p = 0; p < order.rows.length; p++) {
    const to = moved[order.indexes[p] as number] as number;
    if (to === -1) continue;
    rows.push(order.rows[p] as T);
    keys.push(order.keys[p] as SortKey);
    indexes.push(to);
  }
  const added = diff.added
    .map((index) => ({ row: next[index] as T, index, key: keyOf(next[index] as T, value, column) }))
    .sort((a, b) => compareEntries(a.key, a.index, b.key, b.index));
  if (added.length === 0) return { rows, keys, indexes, filled: filledCount(keys) };
  const out: Ascending<T> = { rows: [], keys: [], indexes: [], filled: 0 };
  let from = 0;
  const copyTo = (end: number) => {
    for (; from < end; from++) {
      out.rows.push(rows[from] as T);
      out.keys.push(keys[from] as SortKey);
      out.indexes.push(indexes[from] as number);
    }
  };
  for (const entry of added) {
    // The first kept row after `entry`.
    let low = from;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const c = compareEntries(
        keys[middle] as SortKey,
        indexes[middle] as number,
        entry.key,
        entry.index,
      );
      if (c < 0) low = middle + 1;
      else high = middle;
    }
    copyTo(low);
    out.rows.push(entry.row);
    out.keys.push(entry.key);
    out.indexes.push(entry.index);
  }
  copyTo(rows.length);
  out.filled = filledCount(out.keys);
  return out;
}

/** Ascending orders already computed, per rows array and column: a sort click is then O(n). */
const orders = new WeakMap<readonly unknown[], Map<unknown, Ascending<unknown>>>();

/**
 * The last rows array ordered per column (a column definition object), and its order: the next
 * rows array of a live list is ordered from it (updatedAscending) instead of sorted again.
 */
const latest = new WeakMap<object, { rows: readonly unknown[]; order: Ascending<unknown> }>();

/**
 * Computes (once per `rows` array and `column`) and keeps the ascending order that sortRows
 * derives from; DataTable runs it for every sortable column while the browser is idle, in steps
 * (see Steps), so the first click on a header costs O(n) too. When `column` is an object and an
 * order of an earlier rows array for it is known, the new order is derived from that one where
 * the arrays differ by a few rows (a live change: O(n) copying + O(k log n) comparisons instead
 * of a sort).
 * @returns steps whose result is the kept order.
 */
export function* prepareSortOrderSteps<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  column: unknown = '',
  /** true: sort at once (no steps), as a click needs it. */
  now = false,
): Steps<Ascending<T>> {
  const kept = () => orders.get(rows)?.get(column) as Ascending<T> | undefined;
  const known = kept();
  if (known) return known;
  const before =
    typeof column === 'object' && column !== null
      ? (latest.get(column) as { rows: readonly T[]; order: Ascending<T> } | undefined)
      : undefined;
  const order =
    (before && updatedAscending(before.rows, before.order, rows, value, column)) ??
    (now ? ascendingNow(rows, value, column) : yield* ascendingSteps(rows, value, column));
  // A sort click may have computed it meanwhile (sortRows, at once): keep that one.
  const meanwhile = kept();
  if (meanwhile) return meanwhile;
  let byColumn = orders.get(rows);
  if (!byColumn) orders.set(rows, (byColumn = new Map()));
  byColumn.set(column, order);
  if (typeof column === 'object' && column !== null) latest.set(column, { rows, order });
  return order;
}

/**
 * True when the order of `rows` by `column` is kept, or can be derived from the last order of
 * `column` at O(n) cost (updatedAscending: a live change of a few rows); false when it needs a
 * sort. Costs one pass over `rows` (identity comparisons).
 */
export function orderKnown(rows: readonly unknown[], column: unknown): boolean {
  if (orders.get(rows)?.has(column)) return true;
  const before = typeof column === 'object' && column !== null ? latest.get(column) : undefined;
  return !!before && alignRows(before.rows, rows, Math.max(64, rows.length >> 4)) !== undefined;
}

/** prepareSortOrderSteps run at once: the kept ascending order of `rows` by `value`. */
export function prepareSortOrder<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  column: unknown = '',
): Ascending<T> {
  return runSteps(prepareSortOrderSteps(rows, value, column, true));
}

/**
 * A sorted copy of `rows` by `value(row)` (see sortKey for the order). Stable in both
 * directions: rows with equal keys keep their input order. Empty values come last either way.
 *
 * The ascending order is computed once per `rows` array and `column` (O(n log n) key
 * comparisons plus one key per row) and kept while that array lives; the descending order
 * derives from it in O(n). Both are kept too: the same rows, column and direction give the same
 * array, so what is kept per rows array downstream (a search index's texts) is found again by
 * identity after a render or a preparation asked for the same sort.
 * @param column identifies what `value` reads (a column id, or the column definition itself,
 *   which changes when its labels do, e.g. with the language), so that the order and the rows'
 *   keys can be reused.
 */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  desc: boolean,
  column: unknown = '',
): readonly T[] {
  const order = prepareSortOrder(rows, value, column);
  let sorted = sortedOf.get(order);
  if (!sorted) sortedOf.set(order, (sorted = {}));
  if (desc) return (sorted.desc ??= descending(order)) as readonly T[];
  return (sorted.asc ??= order.rows) as readonly T[];
}

/** The sorted arrays handed out per kept order (sortRows), ascending and descending. */
const sortedOf = new WeakMap<
  Ascending<unknown>,
  { asc?: readonly unknown[]; desc?: readonly unknown[] }
>();

/** `order`'s rows descending: the filled part backwards, each run of equal keys in input order. */
function descending<T>(order: Ascending<T>): T[] {
  const out: T[] = [];
  let end = order.filled;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && order.keys[start - 1] === order.keys[start]) start--;
    for (let i = start; i < end; i++) out.push(order.rows[i] as T);
    end = start;
  }
  for (let i = order.filled; i < order.rows.length; i++) out.push(order.rows[i] as T);
  return out;
}

/** The search texts of rows (see searchIndex). */
export interface SearchIndex<T> {
  /** The search text of one row. */
  get(row: T): string;
  /**
   * The search texts of `rows`, in their order: kept for each rows array asked for while it lives,
   * and derived from the last one when a new one differs by a few rows (a live change), so a
   * keystroke scans an array of strings instead of looking each row up (under 50 ms at 50,000
   * rows).
   */
  textsOf(rows: readonly T[]): readonly string[];
  /** textsOf in steps (see Steps), for the browser's idle time. */
  textsOfSteps(rows: readonly T[]): Steps<readonly string[]>;
  /**
   * True when textsOf(rows) costs O(n) (texts kept for `rows`, or derived from the last rows asked
   * for when a few rows changed), false when every text must be computed.
   */
  known(rows: readonly T[]): boolean;
  /**
   * The positions in `rows` of the rows whose text contains `q` (already trimmed and lower-cased,
   * not empty), ascending. The answers for each rows array are kept for a few queries: the
   * same query again (a Backspace) is a lookup, and a query containing a kept one ('an' after 'a')
   * scans only that one's matches, since a text containing 'an' contains 'a'.
   */
  matching(rows: readonly T[], q: string): Int32Array;
}

/** Queries whose matches a search index keeps per rows array. */
const KEPT_QUERIES = 16;

/**
 * The lower-cased search text of each row, joined with a separator no query contains (spec
 * section 5: a case-insensitive substring match over the listed fields). Computed when first
 * asked for and kept per `texts` function and row object, so a live change re-does only the
 * changed rows; DataTable asks for a list's texts while the browser is idle after its rows
 * change, so the first keystroke finds them ready.
 */
export function searchIndex<T>(
  texts: (row: T) => ReadonlyArray<string | number | null | undefined>,
): SearchIndex<T> {
  let cache = searchTexts.get(texts);
  if (!cache) searchTexts.set(texts, (cache = new WeakMap()));
  const textCache = cache;
  const compute = (row: T): string => {
    let text = '';
    for (const v of texts(row)) {
      if (v === null || v === undefined) continue;
      text = text === '' ? String(v) : `${text}\u0000${v}`;
    }
    return text.toLocaleLowerCase();
  };
  const get = (row: T): string => {
    const cached = typeof row === 'object' && row !== null ? textCache.get(row) : undefined;
    if (cached !== undefined) return cached;
    const text = compute(row);
    if (typeof row === 'object' && row !== null) textCache.set(row, text);
    return text;
  };
  type Texts = { rows: readonly T[]; texts: string[]; matches?: Map<string, Int32Array> };
  // The texts of every rows array asked for while it lives, so that a first page searched while
  // the whole list is prepared does not replace the whole list's texts; and the last one asked
  // for, from which a changed array's texts derive.
  const byRows = new WeakMap<readonly T[], Texts>();
  let last: Texts | undefined;
  function* textsOfSteps(rows: readonly T[]): Steps<readonly string[]> {
    const kept = byRows.get(rows);
    if (kept) {
      last = kept;
      return kept.texts;
    }
    const diff = last && alignRows(last.rows, rows, Math.max(64, rows.length >> 4));
    const out = new Array<string>(rows.length);
    if (last && diff) {
      const before = last.texts;
      diff.moved.forEach((to, from) => {
        if (to >= 0) out[to] = before[from] as string;
      });
      for (const j of diff.added) out[j] = get(rows[j] as T);
    } else {
      // A text is a few string operations: a step is a quarter of the rows of a sort step. Kept
      // per row, so that the texts of the same rows in another order (after a sort) are lookups.
      for (let j = 0; j < rows.length; j++) {
        out[j] = get(rows[j] as T);
        if (j % (STEP / 4) === STEP / 4 - 1) yield;
      }
    }
    last = { rows, texts: out };
    byRows.set(rows, last);
    return out;
  }
  const isKnown = (rows: readonly T[]) =>
    byRows.has(rows) ||
    (!!last && alignRows(last.rows, rows, Math.max(64, rows.length >> 4)) !== undefined);
  const textsOf = (rows: readonly T[]) => runSteps(textsOfSteps(rows));
  const matching = (rows: readonly T[], q: string): Int32Array => {
    const texts = textsOf(rows);
    const entry = byRows.get(rows) as Texts;
    const kept = entry.matches ?? new Map<string, Int32Array>();
    entry.matches = kept;
    const known = kept.get(q);
    if (known) return known;
    // The narrowest kept answer of a query that `q` contains: its rows are the only candidates.
    let from: Int32Array | undefined;
    for (const [query, positions] of kept) {
      if (q.includes(query) && (!from || positions.length < from.length)) from = positions;
    }
    const out: number[] = [];
    if (from) {
      for (const j of from) if ((texts[j] as string).includes(q)) out.push(j);
    } else {
      for (let j = 0; j < texts.length; j++) if ((texts[j] as string).includes(q)) out.push(j);
    }
    const positions = Int32Array.from(out);
    if (kept.size >= KEPT_QUERIES) kept.delete(kept.keys().next().value as string);
    kept.set(q, positions);
    return positions;
  };
  return { get, textsOf, textsOfSteps, known: isKnown, matching };
}

/** Search texts already computed, per `texts` function and row object. */
const searchTexts = new WeakMap<object, WeakMap<object, string>>();

/**
 * The rows whose search text contains `query` (trimmed, case-insensitive); all for ''. Scans the
 * index's texts array for `rows` (derived after a live change, prepared in idle time), so a
 * keystroke or a live change costs one `includes` per row at most, and typing on ('a', 'an',
 * 'ana') or back (Backspace) only the rows of a kept answer (SearchIndex `matching`).
 */
export function filterRows<T>(
  rows: readonly T[],
  index: SearchIndex<T>,
  query: string,
): readonly T[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return rows;
  const positions = index.matching(rows, q);
  const out = new Array<T>(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = rows[positions[i] as number] as T;
  return out;
}
