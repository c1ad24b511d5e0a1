/**
 * Queries: the wire `q` object (`core/view/QueryParams.ts` `queryParamsGetQueryObject`) and its
 * evaluation (`core/view/filter/RangedFilter.ts`, `LimitedFilter.ts`).
 */
import { Branch, type DataNode, Leaf } from './node.js';
import {
  MAX_NAME,
  MIN_NAME,
  type Index,
  type IndexValue,
  compareKeys,
  compareValues,
  indexValueOf,
  sortedKeys,
} from './ordering.js';
import { InvalidInputError, isValidKey } from './path.js';

/** One bound of a range: index value, key tie-breaker, inclusiveness. */
export interface Bound {
  value: IndexValue;
  key: string;
  inclusive: boolean;
}

/** A parsed query. `limit` with `fromLeft` = limitToFirst, otherwise limitToLast. */
export interface QuerySpec {
  index: Index;
  start?: Bound;
  end?: Bound;
  limit?: number;
  fromLeft: boolean;
}

/** The `query` rules variable derived from a query (rtdb-rules.md §3). */
export function queryVariable(q: QuerySpec): Record<string, unknown> {
  const i = q.index;
  const start = q.start?.value ?? null;
  const end = q.end?.value ?? null;
  const equal =
    q.start && q.end && q.start.inclusive && q.end.inclusive && start === end ? start : null;
  return {
    orderByKey: i.kind === 'key',
    orderByPriority: i.kind === 'priority',
    orderByValue: i.kind === 'value',
    orderByChild: i.kind === 'child' ? i.path.join('/') : null,
    startAt: typeof start === 'symbol' ? null : start,
    endAt: typeof end === 'symbol' ? null : end,
    equalTo: typeof equal === 'symbol' ? null : equal,
    limitToFirst: q.limit !== undefined && q.fromLeft ? q.limit : null,
    limitToLast: q.limit !== undefined && !q.fromLeft ? q.limit : null,
  };
}

/** True for queries the client tags (start, end or limit); others load all data at the path. */
export function isFiltering(q: QuerySpec): boolean {
  return q.start !== undefined || q.end !== undefined || q.limit !== undefined;
}

function parseIndex(i: unknown): Index {
  if (i === undefined || i === '.priority') return { kind: 'priority' };
  if (i === '.key') return { kind: 'key' };
  if (i === '.value') return { kind: 'value' };
  if (typeof i !== 'string' || i === '') throw new InvalidInputError('Invalid query index');
  const path = i.split('/').filter((s) => s !== '');
  if (!path.length || !path.every(isValidKey)) throw new InvalidInputError('Invalid query index');
  return { kind: 'child', path };
}

function parseBoundValue(v: unknown): IndexValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new InvalidInputError('Invalid query bound');
}

/**
 * Parses the wire `q` object: `i`, `sp`/`sn`/`sin`, `ep`/`en`/`ein`, `l`/`vf`.
 * @throws InvalidInputError on malformed fields
 */
export function parseWireQuery(q: unknown): QuerySpec {
  if (q === undefined || q === null) return { index: { kind: 'priority' }, fromLeft: true };
  if (typeof q !== 'object' || Array.isArray(q)) throw new InvalidInputError('Invalid query');
  const o = q as Record<string, unknown>;
  const spec: QuerySpec = { index: parseIndex(o.i), fromLeft: o.vf !== 'r' };
  if ('sp' in o) {
    if (o.sn !== undefined && typeof o.sn !== 'string') throw new InvalidInputError('Invalid sn');
    spec.start = {
      value: parseBoundValue(o.sp),
      key: (o.sn as string | undefined) ?? MIN_NAME,
      inclusive: o.sin !== false,
    };
  }
  if ('ep' in o) {
    if (o.en !== undefined && typeof o.en !== 'string') throw new InvalidInputError('Invalid en');
    spec.end = {
      value: parseBoundValue(o.ep),
      key: (o.en as string | undefined) ?? MAX_NAME,
      inclusive: o.ein !== false,
    };
  }
  if ('l' in o) {
    const l = o.l;
    if (typeof l !== 'number' || !Number.isInteger(l) || l <= 0)
      throw new InvalidInputError('Invalid limit');
    spec.limit = l;
  }
  return spec;
}

/** Compares child (value, key) with a bound under the query's index. */
function compareToBound(spec: QuerySpec, value: IndexValue, key: string, bound: Bound): number {
  if (spec.index.kind === 'key') {
    // The key index compares keys only; the bound value is the key (KeyIndex.makePost).
    return compareKeys(key, typeof bound.value === 'string' ? bound.value : String(bound.value));
  }
  return compareValues(value, bound.value) || compareKeys(key, bound.key);
}

/**
 * Whether the query is a key range without a limit (`orderByKey()` with `startAt`/`endBefore`
 * and the like): whether it holds a child depends on the child's key alone, so a write below one
 * child changes its result only when that key is in range, and only at that child.
 */
export function isKeyRange(spec: QuerySpec): boolean {
  return spec.index.kind === 'key' && spec.limit === undefined;
}

/** Whether the key range `spec` (isKeyRange) holds the child `key`. */
export function keyInRange(spec: QuerySpec, key: string): boolean {
  if (spec.start) {
    const c = compareToBound(spec, null, key, spec.start);
    if (c < 0 || (c === 0 && !spec.start.inclusive)) return false;
  }
  if (spec.end) {
    const c = compareToBound(spec, null, key, spec.end);
    if (c > 0 || (c === 0 && !spec.end.inclusive)) return false;
  }
  return true;
}

/**
 * Children of `node` that pass the query, in index order (a leaf or null yields none).
 */
export function runQuery(node: DataNode | null, spec: QuerySpec): Array<[string, DataNode]> {
  if (!(node instanceof Branch)) return [];
  let keys = sortedKeys(node, spec.index);
  if (!spec.start && !spec.end && spec.limit !== undefined && keys.length > spec.limit) {
    // A bare limit (a list's first page): only the children it keeps are read.
    keys = spec.fromLeft ? keys.slice(0, spec.limit) : keys.slice(keys.length - spec.limit);
  }
  if (spec.index.kind === 'key' && spec.start) {
    // Keys are sorted by compareKeys: the range's first key by binary search, not a scan (a list
    // followed in dozens of key ranges would scan its 50,000 keys once per range).
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const c = compareToBound(spec, null, keys[middle]!, spec.start);
      if (c < 0 || (c === 0 && !spec.start.inclusive)) low = middle + 1;
      else high = middle;
    }
    if (low > 0) keys = keys.slice(low);
  }
  const passing: Array<[string, DataNode]> = [];
  for (const key of keys) {
    const child = node.children.get(key)!;
    if (spec.start || spec.end) {
      const value = indexValueOf(spec.index, child);
      if (spec.start) {
        const c = compareToBound(spec, value, key, spec.start);
        if (c < 0 || (c === 0 && !spec.start.inclusive)) continue;
      }
      if (spec.end) {
        const c = compareToBound(spec, value, key, spec.end);
        if (c > 0 || (c === 0 && !spec.end.inclusive)) break;
      }
    }
    passing.push([key, child]);
  }
  if (spec.limit !== undefined && passing.length > spec.limit) {
    return spec.fromLeft
      ? passing.slice(0, spec.limit)
      : passing.slice(passing.length - spec.limit);
  }
  return passing;
}

/** The query result as a node (what a tagged listen or a `g` with `q` sends), or null. */
export function queryResultNode(node: DataNode | null, spec: QuerySpec): DataNode | null {
  if (!isFiltering(spec)) return node;
  if (node instanceof Leaf || !node) return null;
  const rows = runQuery(node, spec);
  return rows.length ? new Branch(new Map(rows)) : null;
}

/**
 * The `.indexOn` entry that ordering by `index` needs but `declared` (the `.indexOn` list at the
 * queried location) lacks, or undefined. Firebase needs a declared index to order by a child
 * (`"a/b"`) or by value (`".value"`); key and priority order need none
 * (https://firebase.google.com/docs/database/security/indexing-data). Production answers such a
 * REST query with 400 "Index not defined" and warns a realtime listen with `w: ["no_index"]`.
 */
export function missingIndex(index: Index, declared: readonly string[]): string | undefined {
  const needed =
    index.kind === 'child' ? index.path.join('/') : index.kind === 'value' ? '.value' : undefined;
  if (needed === undefined) return undefined;
  const normal = (entry: string): string => entry.split('/').filter(Boolean).join('/');
  return declared.some((entry) => normal(entry) === needed) ? undefined : needed;
}
