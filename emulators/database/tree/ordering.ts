/**
 * Ordering of keys and values exactly as the SDK orders them.
 *
 * Sources: `core/util/util.ts` (`nameCompare`, `tryParseInt`), `core/snap/indexes/PriorityIndex.ts`,
 * `ValueIndex.ts`, `PathIndex.ts`, `KeyIndex.ts`, `core/snap/LeafNode.ts` (`compareTo`), and the
 * "Sorting data" section of https://firebase.google.com/docs/database/web/lists-of-data.
 */
import { Branch, type DataNode, childAt } from './node.js';

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

/**
 * Sorted child keys of `branch` by `index`, ties by key; cached on the branch until the branch or
 * anything below it changes (the tree clears caches along every written path).
 */
export function sortedKeys(branch: Branch, index: Index): string[] {
  const id = indexId(index);
  let cache = branch.sortCache;
  const hit = cache?.get(id);
  if (hit) return hit;
  const keys = [...branch.children.keys()];
  if (index.kind === 'key') {
    keys.sort(compareKeys);
  } else {
    const values = new Map<string, IndexValue>();
    for (const k of keys) values.set(k, indexValueOf(index, branch.children.get(k) ?? null));
    keys.sort((a, b) => compareValues(values.get(a)!, values.get(b)!) || compareKeys(a, b));
  }
  if (!cache) cache = branch.sortCache = new Map();
  cache.set(id, keys);
  return keys;
}
