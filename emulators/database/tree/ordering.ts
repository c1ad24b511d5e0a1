/**
 * Ordering of keys and values exactly as the SDK orders them.
 *
 * Sources: `core/util/util.ts` (`nameCompare`, `tryParseInt`), `core/snap/indexes/PriorityIndex.ts`,
 * `ValueIndex.ts`, `PathIndex.ts`, `KeyIndex.ts`, `core/snap/LeafNode.ts` (`compareTo`), and the
 * "Sorting data" section of https://firebase.google.com/docs/database/web/lists-of-data.
 */
import { Branch, type DataNode, type SortedChildren, childAt } from './node.js';

/** Sentinel keys used by query bounds (`sn`/`en` on the wire). */
export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

function tryParseInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Key order: 32-bit integer keys numerically (shorter first on ties), then strings by UTF-16 units. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = tryParseInt(a);
  const bi = tryParseInt(b);
  if (ai !== null) {
    if (bi !== null) return ai - bi === 0 ? a.length - b.length : ai - bi;
    return -1;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

/**
 * A value as an index sees it: `undefined` = no value (null), a primitive, or `OBJECT` for a node
 * with children (all objects compare equal).
 */
export const OBJECT = Symbol('object');
export type IndexValue = null | boolean | number | string | typeof OBJECT;

function typeRank(v: IndexValue): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  return 4;
}

/** Value order: null < false < true < numbers < strings < objects (objects all equal). */
export function compareValues(a: IndexValue, b: IndexValue): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0 || ra === 4) return 0;
  if (ra === 1) return a === b ? 0 : a ? 1 : -1;
  return (a as number | string) < (b as number | string) ? -1 : a === b ? 0 : 1;
}

/**
 * An index a query orders by: `{ kind: 'priority' }` (default), `key`, `value`, or `child` with a
 * relative path (`"a/b"` → `["a","b"]`).
 */
export type Index =
  { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: string[] };

/** Stable cache key of an index, used for per-branch sort caches. */
export function indexId(index: Index): string {
  return index.kind === 'child' ? 'c:' + index.path.join('/') : index.kind;
}

/** The value `index` looks at for `node` (a child node of the queried location). */
export function indexValueOf(index: Index, node: DataNode | null): IndexValue {
  switch (index.kind) {
    case 'priority':
      return node ? node.priority : null;
    case 'key':
      return null;
    case 'value':
      return nodeIndexValue(node);
    case 'child':
      return nodeIndexValue(childAt(node, index.path));
  }
}

function nodeIndexValue(node: DataNode | null): IndexValue {
  if (!node) return null;
  return node instanceof Branch ? OBJECT : node.value;
}

/** Order of two children by `index`: its values, then the keys. */
function compareChildren(
  index: Index,
  va: IndexValue,
  ka: string,
  vb: IndexValue,
  kb: string,
): number {
  return index.kind === 'key' ? compareKeys(ka, kb) : compareValues(va, vb) || compareKeys(ka, kb);
}

/** Up to this many changed children are placed one by one; more are sorted and merged. */
const FEW_CHANGES = 16;

/**
 * Sorted child keys of `branch` by `index`, ties by key. Cached on the branch; a write below a
 * child marks that child (node.ts `SortedChildren`), and the next call moves only the marked
 * children: O(n) with a small constant (a scan, a memmove) instead of an O(n log n) sort.
 * The array returned is the cache's: read it before the next write.
 */
export function sortedKeys(branch: Branch, index: Index): string[] {
  const id = indexId(index);
  const hit = branch.sortCache?.get(id);
  if (hit) {
    if (hit.dirty) {
      if (hit.dirty.size <= FEW_CHANGES) placeFew(branch, index, hit);
      else mergeMany(branch, index, hit);
      hit.dirty = undefined;
    }
    return hit.keys;
  }
  const keys = [...branch.children.keys()];
  let values: IndexValue[] | undefined;
  if (index.kind === 'key') {
    keys.sort(compareKeys);
  } else {
    const byKey = new Map<string, IndexValue>();
    for (const k of keys) byKey.set(k, indexValueOf(index, branch.children.get(k) ?? null));
    keys.sort((a, b) => compareValues(byKey.get(a)!, byKey.get(b)!) || compareKeys(a, b));
    values = keys.map((k) => byKey.get(k)!);
  }
  (branch.sortCache ??= new Map()).set(id, { keys, values, dirty: undefined });
  return keys;
}

/** Removes each dirty child from its old place and inserts it, if present, at its new one. */
function placeFew(branch: Branch, index: Index, sorted: SortedChildren): void {
  const { keys } = sorted;
  const values = sorted.values as IndexValue[] | undefined;
  for (const key of sorted.dirty!) {
    const at = keys.indexOf(key);
    if (at < 0) continue;
    keys.splice(at, 1);
    values?.splice(at, 1);
  }
  for (const key of sorted.dirty!) {
    const child = branch.children.get(key);
    if (child === undefined) continue;
    const value = index.kind === 'key' ? null : indexValueOf(index, child);
    // The first place whose child orders after this one.
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareChildren(index, values?.[mid] ?? null, keys[mid]!, value, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    keys.splice(lo, 0, key);
    values?.splice(lo, 0, value);
  }
}

/** Keeps the clean children in order, sorts the dirty ones present, and merges the two. */
function mergeMany(branch: Branch, index: Index, sorted: SortedChildren): void {
  const dirty = sorted.dirty!;
  const oldKeys = sorted.keys;
  const oldValues = sorted.values as IndexValue[] | undefined;
  const added: { key: string; value: IndexValue }[] = [];
  for (const key of dirty) {
    const child = branch.children.get(key);
    if (child !== undefined)
      added.push({ key, value: index.kind === 'key' ? null : indexValueOf(index, child) });
  }
  added.sort((a, b) => compareChildren(index, a.value, a.key, b.value, b.key));
  const keys: string[] = [];
  const values: IndexValue[] | undefined = oldValues && [];
  let j = 0;
  for (let i = 0; i < oldKeys.length; i++) {
    const key = oldKeys[i]!;
    if (dirty.has(key)) continue;
    const value = oldValues?.[i] ?? null;
    while (
      j < added.length &&
      compareChildren(index, added[j]!.value, added[j]!.key, value, key) < 0
    ) {
      keys.push(added[j]!.key);
      values?.push(added[j]!.value);
      j++;
    }
    keys.push(key);
    values?.push(value);
  }
  for (; j < added.length; j++) {
    keys.push(added[j]!.key);
    values?.push(added[j]!.value);
  }
  sorted.keys = keys;
  sorted.values = values;
}
