/**
 * The pure part of `npm run rebuild-derived` (scripts/rebuildDerived.ts): what differs between
 * the derived nodes stored in the database and `rebuildDerived(records)`
 * (src/shared/domain/derived), the writes that make them equal, split into updates of
 * bounded size, and the report lines. No SDK here, so that it is tested without a backend.
 */
import { sameValue } from '../src/shared/domain/derived/derivation';
import { TUTOR_INDEX_PATH } from '../src/shared/domain/derived/tutorIndex';

/**
 * Paths of the nodes whose entries are grandchildren rather than children:
 * `tutorsBySubject/{subjectId}/{tutorId}` (one subject holds ~7,000 tutors at 50,000 tutors, too
 * coarse to count or to write as one entry).
 */
const GRANDCHILD_ENTRIES = new Set([TUTOR_INDEX_PATH]);

/**
 * At which level of a derived node its entries lie: 0 for a single value (a counter such as
 * `stats/counts/students`), 2 for `tutorsBySubject`, 1 for the other maps (`lists/students/{id}`,
 * `stats/months/{yyyy-MM}`, `stats/pendingQueue/{orderId}`, ...). `rebuilt` is the node's value
 * from rebuildDerived (a map even when empty, a number for a counter).
 */
export function entryDepth(path: string, rebuilt: unknown): number {
  if (GRANDCHILD_ENTRIES.has(path)) return 2;
  return isNode(rebuilt) ? 1 : 0;
}

/** What differs in one derived node, and the writes that make it equal to the rebuilt value. */
export interface NodeDiff {
  /** The node's path from the database root, e.g. `lists/students`. */
  path: string;
  /** See {@link entryDepth}; 0: a counter. */
  depth: number;
  /** Entries of the rebuilt node (1 for a counter). */
  entries: number;
  /** Entries rebuilt but not stored. */
  added: number;
  /** Entries stored with another value than the rebuilt one. */
  changed: number;
  /** Entries stored but not rebuilt (a stale row, a deleted order's queue entry, ...). */
  removed: number;
  /** A counter's stored value (null: absent) and rebuilt value; undefined for maps. */
  stored?: unknown;
  rebuilt?: unknown;
  /** Paths from the root to remove (a removed entry, or a value where a map belongs). */
  removals: string[];
  /** `[path, value]` to set: each added or changed entry, whole. */
  sets: [string, unknown][];
}

/** True for a Database map (an object; the SDK returns arrays for maps with integer keys). */
function isNode(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** The children of a map, absent ones (null holes of an array) left out. */
function children(value: unknown): Record<string, unknown> {
  if (!isNode(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) if (child != null) out[key] = child;
  return out;
}

/** Entries of `value` `depth` levels down (1 for a value at depth 0). */
function countEntries(value: unknown, depth: number): number {
  if (value == null) return 0;
  if (depth === 0) return 1;
  return Object.values(children(value)).reduce<number>(
    (sum, child) => sum + countEntries(child, depth - 1),
    0,
  );
}

/**
 * Compares a stored derived node with its rebuilt value (Database values as the SDK's `val()`
 * gives them: null for absent) entry by entry, `depth` levels down (see {@link entryDepth}).
 * Stored and rebuilt are equal when `removals` and `sets` are empty; applying the removals,
 * then the sets, makes the stored node equal the rebuilt one (a rebuilt empty map is an absent
 * node in the Database).
 */
export function diffNode(path: string, stored: unknown, rebuilt: unknown, depth: number): NodeDiff {
  const diff: NodeDiff = {
    path,
    depth,
    entries: countEntries(rebuilt, depth),
    added: 0,
    changed: 0,
    removed: 0,
    removals: [],
    sets: [],
  };
  if (depth === 0) {
    diff.stored = stored ?? null;
    diff.rebuilt = rebuilt ?? null;
  }
  walk(path, stored ?? null, rebuilt ?? null, depth, diff);
  return diff;
}

function walk(at: string, stored: unknown, rebuilt: unknown, depth: number, diff: NodeDiff) {
  if (depth === 0) {
    if (rebuilt === null) {
      if (stored === null) return;
      diff.removed++;
      diff.removals.push(at);
    } else if (stored === null) {
      diff.added++;
      diff.sets.push([at, rebuilt]);
    } else if (!sameValue(stored, rebuilt)) {
      diff.changed++;
      diff.sets.push([at, rebuilt]);
    }
    return;
  }
  if (stored !== null && !isNode(stored)) {
    // A plain value where a map belongs (an old shape): removed whole, counted as one entry.
    diff.removed++;
    diff.removals.push(at);
    stored = null;
  } else if (rebuilt === null && stored !== null) {
    // A whole group gone (a subject nobody teaches any more): one removal for all its entries.
    diff.removed += countEntries(stored, depth);
    diff.removals.push(at);
    return;
  }
  const s = children(stored);
  const r = children(rebuilt);
  for (const key of new Set([...Object.keys(s), ...Object.keys(r)])) {
    walk(`${at}/${key}`, s[key] ?? null, r[key] ?? null, depth - 1, diff);
  }
}

/** Number of differing entries of a node. */
export const differences = (diff: NodeDiff) => diff.added + diff.changed + diff.removed;

/** Updates of at most 5,000 paths: ~1 MB for list rows of ~200 bytes. */
export const DEFAULT_CHUNK_SIZE = 5_000;

/**
 * The multi-path updates (paths from the root) that apply `diffs`: every removal first (value
 * null), then every set, each update with at most `chunkSize` paths. Removals come first and
 * apart because a removed path may be the parent of a set one (a plain value replaced by a map),
 * and one update may not hold a path and its parent.
 *
 * @throws RangeError when `chunkSize` is not a positive integer.
 */
export function writeBatches(
  diffs: readonly NodeDiff[],
  chunkSize = DEFAULT_CHUNK_SIZE,
): Record<string, unknown>[] {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError(`chunk size must be a positive integer, not ${chunkSize}`);
  }
  const removals = diffs.flatMap((diff) => diff.removals.map((p): [string, unknown] => [p, null]));
  const sets = diffs.flatMap((diff) => diff.sets);
  return [...chunks(removals, chunkSize), ...chunks(sets, chunkSize)].map((entries) =>
    Object.fromEntries(entries),
  );
}

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A counter value for the report: `(absent)` for null. */
const shown = (value: unknown) => (value === null ? '(absent)' : JSON.stringify(value));

/**
 * The report of `diffs`, one line per node: for a map its entries and how many are added,
 * changed and removed; for a counter its stored and rebuilt values. Then the total of
 * differing entries (`N differences`).
 */
export function reportLines(diffs: readonly NodeDiff[]): string[] {
  const width = Math.max(0, ...diffs.map((diff) => diff.path.length));
  const lines = diffs.map((diff) => {
    const name = diff.path.padEnd(width);
    const mark = differences(diff) === 0 ? ' ' : '*';
    if (diff.depth === 0) {
      return `${mark} ${name}  stored ${shown(diff.stored)}, rebuilt ${shown(diff.rebuilt)}`;
    }
    return (
      `${mark} ${name}  ${diff.entries} entries: ${diff.added} added, ${diff.changed} changed, ` +
      `${diff.removed} removed`
    );
  });
  const total = diffs.reduce((sum, diff) => sum + differences(diff), 0);
  lines.push(`${total} differences in ${diffs.filter((d) => differences(d) > 0).length} nodes`);
  return lines;
}
