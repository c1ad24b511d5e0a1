/**
 * The in-memory data tree: mutable nodes with per-node caches (hash, sorted keys) that the
 * namespace clears along every written path, so a write costs O(depth) plus the written value,
 * never a copy or re-serialisation of the whole tree.
 *
 * Value model from the SDK (`core/snap/LeafNode.ts`, `ChildrenNode.ts`): a node is a leaf
 * (string, number, boolean) or a set of named children; either may carry a priority
 * (number or string). `null` means "no node"; a branch without children does not exist.
 */
import { InvalidInputError, isValidKey } from './path.js';

export type Primitive = string | number | boolean;
export type Priority = string | number | null;

/** A leaf value with an optional priority. */
export class Leaf {
  hashCache: string | undefined;
  constructor(
    readonly value: Primitive,
    readonly priority: Priority = null,
  ) {}
}

/**
 * The children of a branch in one index's order (ordering.ts `sortedKeys`), kept across writes:
 * a write marks the child it changed `dirty`, and the next read moves only the dirty children to
 * their new places. Sorting the whole node again after every write made each write to a node of
 * 50,000 children under a query listener (an open list's first page) cost a sort of 50,000.
 */
export interface SortedChildren {
  keys: string[];
  /** The index value of each of `keys` (not kept for the key index). */
  values: unknown[] | undefined;
  /** Children written since `keys` was ordered (present or removed now). */
  dirty: Set<string> | undefined;
}

/** A node with at least one child. Caches are owned by the tree and cleared on writes below. */
export class Branch {
  readonly children: Map<string, DataNode>;
  priority: Priority;
  hashCache: string | undefined;
  /** Orderings of the children by index id (ordering.ts `indexId`). */
  sortCache: Map<string, SortedChildren> | undefined;
  constructor(children: Map<string, DataNode> = new Map(), priority: Priority = null) {
    this.children = children;
    this.priority = priority;
  }
  /**
   * Drops the cached hash, and marks `changedKey` (the child written, or below which a write
   * happened) for the orderings; without it (the branch itself changed) drops the orderings.
   */
  invalidate(changedKey?: string): void {
    this.hashCache = undefined;
    const cache = this.sortCache;
    if (cache === undefined) return;
    if (changedKey === undefined) {
      this.sortCache = undefined;
      return;
    }
    for (const [id, sorted] of cache) {
      const dirty = (sorted.dirty ??= new Set());
      dirty.add(changedKey);
      // More changes than children: ordering them all again is cheaper than placing each one.
      if (dirty.size > sorted.keys.length) cache.delete(id);
    }
  }
}

export type DataNode = Leaf | Branch;

/** The node at `path` below `node`, or null. */
export function childAt(node: DataNode | null, path: readonly string[]): DataNode | null {
  let cur = node;
  for (const key of path) {
    if (!(cur instanceof Branch)) return null;
    cur = cur.children.get(key) ?? null;
  }
  return cur;
}

/**
 * Leaves of common values without priority, shared by every location that holds them: a leaf is
 * never changed in place (a write replaces it; its hash cache depends on its value alone), and
 * fewer objects per stored value means less for the garbage collector to copy and promote.
 */
const SHARED_INTS = 1024;
const INT_LEAVES = Array.from({ length: SHARED_INTS }, (_, i) => new Leaf(i));
const TRUE_LEAF = new Leaf(true);
const FALSE_LEAF = new Leaf(false);

/** Firebase documents a maximum depth of 32 levels for a value (Limits page). */
export const MAX_DEPTH = 32;
/** Largest string leaf, as enforced by the SDK (`validation.ts` `MAX_LEAF_SIZE_`, 10 MB). */
export const MAX_LEAF_BYTES = 10 * 1024 * 1024;

/**
 * Resolves a `{".sv": …}` placeholder. `relPath` is relative to the written location. Returns
 * the primitive to store; throws InvalidInputError for unknown server values.
 */
export type ServerValueResolver = (sv: unknown, relPath: readonly string[]) => Primitive;

function isPriority(v: unknown): v is string | number {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Builds a node from a value in the SDK's export format (`.value`, `.priority`, arrays as
 * index-keyed objects, `{".sv":…}` server values).
 * @param depthOffset depth of the written location, counted towards MAX_DEPTH
 * @throws InvalidInputError on invalid keys, non-finite numbers, over-deep or over-size values
 */
export function nodeFromJSON(
  json: unknown,
  resolveSv?: ServerValueResolver,
  depthOffset = 0,
): DataNode | null {
  return buildNode(json, resolveSv, depthOffset, []);
}

/** {@link nodeFromJSON} at `path` below the written location (a function, not a closure per call). */
function buildNode(
  v: unknown,
  resolveSv: ServerValueResolver | undefined,
  depthOffset: number,
  path: string[],
): DataNode | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    if (v.length > MAX_LEAF_BYTES / 3 && Buffer.byteLength(v) > MAX_LEAF_BYTES)
      throw new InvalidInputError('String value exceeds 10 MB');
    return new Leaf(v);
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new InvalidInputError('Invalid number');
    return v >= 0 && v < SHARED_INTS && Number.isInteger(v) && !Object.is(v, -0)
      ? INT_LEAVES[v]!
      : new Leaf(v);
  }
  if (typeof v === 'boolean') return v ? TRUE_LEAF : FALSE_LEAF;
  if (typeof v !== 'object') throw new InvalidInputError('Invalid value');
  if (path.length + depthOffset > MAX_DEPTH)
    throw new InvalidInputError(`Value nested deeper than ${MAX_DEPTH} levels`);
  const obj = v as Record<string, unknown>;
  if (!Array.isArray(obj) && '.sv' in obj) {
    if (!resolveSv) throw new InvalidInputError('Server values are not allowed here');
    return new Leaf(resolveSv(obj['.sv'], path));
  }
  let priority: Priority = null;
  if (!Array.isArray(obj) && '.priority' in obj) {
    const p = obj['.priority'];
    if (p !== null && typeof p === 'object' && '.sv' in p && resolveSv) {
      priority = resolveSv((p as Record<string, unknown>)['.sv'], path) as string | number;
    } else if (p !== null && !isPriority(p)) {
      throw new InvalidInputError('Invalid priority');
    } else priority = p;
  }
  if (!Array.isArray(obj) && '.value' in obj) {
    const inner = buildNode(obj['.value'], resolveSv, depthOffset, path);
    if (inner instanceof Branch) throw new InvalidInputError('.value must be a primitive');
    return inner ? new Leaf(inner.value, priority) : null;
  }
  const children = new Map<string, DataNode>();
  for (const key of Object.keys(obj)) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidInputError(`Invalid key ${JSON.stringify(key)}`);
    path.push(key);
    const child = buildNode(obj[key], resolveSv, depthOffset, path);
    path.pop();
    if (child) children.set(key, child);
  }
  return children.size ? new Branch(children, priority) : null;
}

/**
 * Plain JSON of a node. `exportFormat` keeps priorities (`.priority`, `{".value",".priority"}`)
 * as the SDK's `val(true)` does; otherwise index-keyed objects become arrays by the SDK's rule
 * (`ChildrenNode.val`: all keys non-negative integers and max key < 2 × count).
 */
export function nodeToJSON(node: DataNode | null, exportFormat: boolean): unknown {
  if (!node) return null;
  if (node instanceof Leaf) {
    return exportFormat && node.priority !== null
      ? { '.value': node.value, '.priority': node.priority }
      : node.value;
  }
  const obj: Record<string, unknown> = {};
  let allInts = !exportFormat;
  let maxKey = 0;
  for (const [key, child] of node.children) {
    obj[key] = nodeToJSON(child, exportFormat);
    if (allInts) {
      if (/^(0|[1-9]\d*)$/.test(key)) maxKey = Math.max(maxKey, Number(key));
      else allInts = false;
    }
  }
  if (exportFormat && node.priority !== null) obj['.priority'] = node.priority;
  if (allInts && maxKey < 2 * node.children.size) {
    const arr: unknown[] = [];
    for (const key of Object.keys(obj)) arr[Number(key)] = obj[key];
    return arr;
  }
  return obj;
}

/** Collects text in pieces of about {@link TextSink.pieceChars} characters. */
class TextSink {
  buf = '';
  constructor(
    private readonly out: (piece: string) => void,
    private readonly pieceChars: number,
  ) {}
  add(text: string): void {
    this.buf += text;
    if (this.buf.length >= this.pieceChars) this.flush();
  }
  flush(): void {
    if (this.buf !== '') this.out(this.buf);
    this.buf = '';
  }
}

/** Appends the export-format JSON of a non-null node (see {@link exportJSONText}). */
function addExportJSON(node: DataNode, sink: TextSink): void {
  if (node instanceof Leaf) {
    const value = JSON.stringify(node.value);
    sink.add(
      node.priority === null
        ? value
        : `{".value":${value},".priority":${JSON.stringify(node.priority)}}`,
    );
    return;
  }
  let first = true;
  sink.add('{');
  for (const [key, child] of node.children) {
    sink.add((first ? '' : ',') + JSON.stringify(key) + ':');
    first = false;
    addExportJSON(child, sink);
  }
  if (node.priority !== null)
    sink.add(`${first ? '' : ','}".priority":${JSON.stringify(node.priority)}`);
  sink.add('}');
}

/**
 * The text of `JSON.stringify(nodeToJSON(node, true))`, written from the tree itself (keys in the
 * tree's order instead of integer keys first; the same value once parsed): no object copy of the
 * value is made, and `out` receives the text in pieces of about `pieceChars` characters, so a
 * snapshot of a whole namespace is never an object graph and one string at once.
 */
export function exportJSONText(
  node: DataNode | null,
  out: (piece: string) => void,
  pieceChars = 1 << 20,
): void {
  const sink = new TextSink(out, pieceChars);
  if (node === null) sink.add('null');
  else addExportJSON(node, sink);
  sink.flush();
}

/** {@link exportJSONText} as one string (journal lines, pushes). */
export function exportJSON(node: DataNode | null): string {
  let text = '';
  exportJSONText(node, (piece) => (text += piece), Number.POSITIVE_INFINITY);
  return text;
}
