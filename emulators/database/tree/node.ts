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

/**
 * A node with at least one child. Caches are owned by the tree and cleared on writes below.
 *
 * A branch may be kept as text ({@link freezeLarge}): its export-format JSON, turned into child
 * nodes on the first read of {@link Branch.children}. A node object per value costs about six
 * times the value's JSON (a leaf ~130 bytes with its string, a `Map` per branch): the 191 MB of
 * bench/triggers.ts's 50,000 data set held 1.2 GB. Whole values read as JSON (REST, listeners,
 * trigger events, snapshots) are read from the text without building nodes.
 */
export class Branch {
  private kids: Map<string, DataNode> | undefined;
  private text: string | undefined;
  /**
   * A plain record as the request's parsed JSON ({@link isPlainRecord}; the caller's own, never
   * changed), until its text or its children are first read: a write nobody reads costs neither
   * a serialisation nor nodes.
   */
  private record: object | undefined;
  priority: Priority;
  hashCache: string | undefined;
  /**
   * The branch's export-format JSON ({@link exportText}) while nothing below it is written:
   * every listener and `g` of the same location at the same version reads it instead of walking
   * and serialising the subtree again. Kept up to {@link TEXT_CACHE_MAX_CHARS} characters.
   */
  textCache: string | undefined;
  /** Orderings of the children by index id (ordering.ts `indexId`). */
  sortCache: Map<string, SortedChildren> | undefined;
  /** @param children the children, or the export-format JSON text of the branch */
  constructor(children: Map<string, DataNode> | string = new Map(), priority: Priority = null) {
    if (typeof children === 'string') this.text = children;
    else this.kids = children;
    this.priority = priority;
  }
  /**
   * A branch of the plain record `record` (see {@link Branch.record}; {@link plainRecord} tells
   * which values qualify), kept as that object.
   */
  static ofRecord(record: object): Branch {
    const branch = new Branch('');
    branch.text = undefined;
    branch.record = record;
    return branch;
  }
  /** The children (built from the text or the record on the first read of a branch kept so). */
  get children(): Map<string, DataNode> {
    if (this.kids === undefined) {
      const node = nodeFromJSON(this.record ?? JSON.parse(this.text!));
      this.kids = node instanceof Branch ? node.children : new Map();
      this.text = undefined;
      this.record = undefined;
    }
    return this.kids;
  }
  /**
   * The export-format JSON of a branch kept as text (a record's is made on the first read, and
   * kept instead of the record), until its children are first read.
   */
  get frozenText(): string | undefined {
    if (this.record !== undefined) {
      this.text = JSON.stringify(this.record);
      this.record = undefined;
    }
    return this.text;
  }
  /** Whether the branch is kept as text or as a record (its children not built yet). */
  get isFrozen(): boolean {
    return this.kids === undefined;
  }
  /**
   * Drops the cached hash, and marks `changedKey` (the child written, or below which a write
   * happened) for the orderings; without it (the branch itself changed) drops the orderings.
   */
  invalidate(changedKey?: string): void {
    this.hashCache = undefined;
    this.textCache = undefined;
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

/** The `.priority` of an object in export format (resolved); throws for an invalid one. */
function priorityOf(
  obj: Record<string, unknown>,
  resolveSv: ServerValueResolver | undefined,
  path: string[],
): Priority {
  if (Array.isArray(obj) || !('.priority' in obj)) return null;
  const p = obj['.priority'];
  if (p !== null && typeof p === 'object' && '.sv' in p && resolveSv)
    return resolveSv((p as Record<string, unknown>)['.sv'], path) as string | number;
  if (p !== null && !isPriority(p)) throw new InvalidInputError('Invalid priority');
  return p;
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
  const priority = priorityOf(obj, resolveSv, path);
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

/** Keys at one level of a record {@link plainRecord} accepts (an import's threshold). */
const RECORD_MAX_KEYS = 32;

/**
 * Characters left for the rest of the record in {@link isPlainRecord}, or -1 when `v` is not a
 * plain record: an object that {@link buildNode} would store exactly as `JSON.stringify` writes
 * it: valid keys only (no `.priority`, `.value` or `.sv`: a dot is no key's character), at least
 * one key and fewer than {@link RECORD_MAX_KEYS} at each level, values strings, finite numbers
 * other than -0, booleans or such objects; no arrays (stored with index keys), nulls or empty
 * objects (dropped), within {@link MAX_DEPTH}, and about {@link FROZEN_MAX_CHARS} characters
 * of JSON at most (keys and strings counted, numbers as 24).
 */
function isPlainRecord(v: object, depth: number, budget: number): number {
  if (Array.isArray(v) || depth > MAX_DEPTH) return -1;
  let keys = 0;
  for (const key in v) {
    if (++keys >= RECORD_MAX_KEYS || !isValidKey(key)) return -1;
    budget -= key.length + 4;
    const child = (v as Record<string, unknown>)[key];
    switch (typeof child) {
      case 'string':
        budget -= child.length + 2;
        break;
      case 'number':
        if (!Number.isFinite(child) || Object.is(child, -0)) return -1;
        budget -= 24;
        break;
      case 'boolean':
        budget -= 5;
        break;
      case 'object':
        if (child === null) return -1;
        budget = isPlainRecord(child, depth + 1, budget);
        break;
      default:
        return -1;
    }
    if (budget < 0) return -1;
  }
  return keys > 0 ? budget : -1;
}

/**
 * Whether a written value is a plain record ({@link isPlainRecord}) that can be stored as itself
 * ({@link Branch.ofRecord}): the value {@link nodeFromJSON} would build, with the same text once
 * serialised, and no server values to resolve. Stored so, the record is one object instead of a
 * `Map` and a node per value (less for the collector to copy and promote), and is serialised once,
 * by the first read (the journal line, a push), for every reader.
 * @param depthOffset depth of the written location, counted towards MAX_DEPTH
 */
export function plainRecord(json: unknown, depthOffset: number): json is object {
  return (
    json !== null &&
    typeof json === 'object' &&
    isPlainRecord(json, depthOffset, FROZEN_MAX_CHARS) >= 0
  );
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
  if (node.frozenText !== undefined) {
    const json = JSON.parse(node.frozenText) as unknown;
    return exportFormat ? json : plainOfExport(json);
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

/**
 * The plain JSON (priorities dropped, index-keyed objects as arrays: {@link nodeToJSON}'s rule)
 * of a value in export format.
 */
export function plainOfExport(json: unknown): unknown {
  if (json === null || typeof json !== 'object') return json;
  const obj = json as Record<string, unknown>;
  if ('.value' in obj) return obj['.value'];
  const out: Record<string, unknown> = {};
  let allInts = true;
  let maxKey = 0;
  let count = 0;
  for (const key of Object.keys(obj)) {
    if (key === '.priority') continue;
    out[key] = plainOfExport(obj[key]);
    count++;
    if (allInts) {
      if (/^(0|[1-9]\d*)$/.test(key)) maxKey = Math.max(maxKey, Number(key));
      else allInts = false;
    }
  }
  if (allInts && maxKey < 2 * count) {
    const arr: unknown[] = [];
    for (const key of Object.keys(out)) arr[Number(key)] = out[key];
    return arr;
  }
  return out;
}

/**
 * Collects text in pieces of about `pieceChars` characters. The parts are joined once per piece
 * (`join` makes one flat string; appending with `+=` made a tree of thousands of small strings
 * per piece, three times the text's size until it was written).
 */
class TextSink {
  private parts: string[] = [];
  private chars = 0;
  /** Characters added in all; past {@link TextSink.cap} the text is abandoned. */
  total = 0;
  cap = Number.POSITIVE_INFINITY;
  constructor(
    private readonly out: (piece: string) => void,
    private readonly pieceChars: number,
  ) {}
  /** A point to {@link TextSink.rollback} to (before the next flush). */
  mark(): number {
    return this.parts.length;
  }
  /** Drops what was added since `mark`. */
  rollback(mark: number): void {
    for (let i = mark; i < this.parts.length; i++) {
      this.chars -= this.parts[i]!.length;
      this.total -= this.parts[i]!.length;
    }
    this.parts.length = mark;
  }
  add(text: string): void {
    this.parts.push(text);
    this.chars += text.length;
    this.total += text.length;
    if (this.chars >= this.pieceChars) this.flush();
  }
  flush(): void {
    if (this.chars > 0) this.out(this.parts.join(''));
    this.parts = [];
    this.chars = 0;
  }
}

/** JSON of a stored primitive; -0 stays -0 (JSON.stringify writes 0; its hash differs). */
function primitiveText(value: Primitive): string {
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

/** Appends the export-format JSON of a non-null node (see {@link exportJSONText}). */
function addExportJSON(node: DataNode, sink: TextSink): void {
  if (sink.total > sink.cap) return;
  if (node instanceof Branch) {
    const text = node.frozenText ?? node.textCache;
    if (text !== undefined) {
      sink.add(text);
      return;
    }
  }
  if (node instanceof Leaf) {
    const value = primitiveText(node.value);
    sink.add(
      node.priority === null
        ? value
        : `{".value":${value},".priority":${primitiveText(node.priority)}}`,
    );
    return;
  }
  let first = true;
  sink.add('{');
  for (const [key, child] of node.children) {
    if (sink.total > sink.cap) return;
    sink.add((first ? '' : ',') + JSON.stringify(key) + ':');
    first = false;
    addExportJSON(child, sink);
  }
  if (node.priority !== null)
    sink.add(`${first ? '' : ','}".priority":${primitiveText(node.priority)}`);
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

/** {@link exportJSONText} as one flat string (journal lines). */
export function exportJSON(node: DataNode | null): string {
  let text = '';
  exportJSONText(node, (piece) => (text = piece), Number.POSITIVE_INFINITY);
  return text;
}

/**
 * Largest text a branch caches ({@link Branch.textCache}): a record or a small list. A larger
 * value is written again on each read (from its children's caches where they have one), so the
 * cache never holds a second copy of a whole collection.
 */
export const TEXT_CACHE_MAX_CHARS = 64 * 1024;

/**
 * The export-format JSON text of a node, as {@link exportJSON} writes it (`"null"` for null),
 * read from the branch's text ({@link Branch.frozenText}) or its cache when it has one; a branch
 * serialised here keeps its text ({@link Branch.textCache}, up to
 * {@link TEXT_CACHE_MAX_CHARS}) until a write at or below it ({@link Branch.invalidate}, which
 * the store calls on every branch along a written path) drops it.
 */
export function exportText(node: DataNode | null): string {
  if (node === null) return 'null';
  if (node instanceof Leaf) {
    const value = primitiveText(node.value);
    return node.priority === null
      ? value
      : `{".value":${value},".priority":${primitiveText(node.priority)}}`;
  }
  const cached = node.frozenText ?? node.textCache;
  if (cached !== undefined) return cached;
  const text = exportJSON(node);
  if (text.length <= TEXT_CACHE_MAX_CHARS) node.textCache = text;
  return text;
}

/** Largest branch kept as text (characters of its JSON): a record, not a collection. */
export const FROZEN_MAX_CHARS = 64 * 1024;

/**
 * `node` with its record-sized branches kept as text (see {@link Branch}): a branch whose JSON
 * has at most {@link FROZEN_MAX_CHARS} characters becomes one text; a larger one keeps its
 * children map and each child is treated the same way (in place: `node` must be the caller's
 * own, about to be stored).
 */
export function freezeLarge(node: DataNode | null): DataNode | null {
  if (!(node instanceof Branch) || node.isFrozen) return node;
  let text = '';
  const sink = new TextSink((piece) => (text = piece), Number.POSITIVE_INFINITY);
  sink.cap = FROZEN_MAX_CHARS;
  addExportJSON(node, sink);
  if (sink.total <= FROZEN_MAX_CHARS) {
    sink.flush();
    return new Branch(text, node.priority);
  }
  for (const [key, child] of node.children) {
    if (child instanceof Branch) node.children.set(key, freezeLarge(child)!);
  }
  return node;
}

/**
 * Appends the export-format text of the value `v` would be stored as ({@link buildNode}'s
 * checks, errors and normalisation: nulls and empty objects dropped, arrays as index keys,
 * server values resolved). False when it is no value.
 */
function addValueText(
  v: unknown,
  resolveSv: ServerValueResolver | undefined,
  depthOffset: number,
  path: string[],
  sink: TextSink,
): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') {
    if (v.length > MAX_LEAF_BYTES / 3 && Buffer.byteLength(v) > MAX_LEAF_BYTES)
      throw new InvalidInputError('String value exceeds 10 MB');
    sink.add(JSON.stringify(v));
    return true;
  }
  if (typeof v === 'number' || typeof v === 'boolean') {
    if (!Number.isFinite(v) && typeof v === 'number') throw new InvalidInputError('Invalid number');
    sink.add(primitiveText(v));
    return true;
  }
  if (typeof v !== 'object') throw new InvalidInputError('Invalid value');
  if (path.length + depthOffset > MAX_DEPTH)
    throw new InvalidInputError(`Value nested deeper than ${MAX_DEPTH} levels`);
  const obj = v as Record<string, unknown>;
  if (!Array.isArray(obj) && ('.sv' in obj || '.value' in obj)) {
    const leaf = buildNode(v, resolveSv, depthOffset, path);
    if (leaf) addExportJSON(leaf, sink);
    return leaf !== null;
  }
  const priority = priorityOf(obj, resolveSv, path);
  const start = sink.mark();
  let first = true;
  for (const key of Object.keys(obj)) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidInputError(`Invalid key ${JSON.stringify(key)}`);
    const before = sink.mark();
    sink.add((first ? '{' : ',') + JSON.stringify(key) + ':');
    path.push(key);
    const exists = addValueText(obj[key], resolveSv, depthOffset, path, sink);
    path.pop();
    if (exists) first = false;
    else sink.rollback(before);
    if (sink.total > sink.cap) return true;
  }
  if (first) {
    sink.rollback(start);
    return false;
  }
  if (priority !== null) sink.add(`,".priority":${primitiveText(priority)}`);
  sink.add('}');
  return true;
}

/**
 * {@link nodeFromJSON} for a value an import stores: a record-sized branch is made as its text
 * ({@link freezeLarge}'s result) straight from the JSON, without the node objects that would be
 * garbage at once (they were most of an import's garbage, and the resident memory it left);
 * a larger value as `freezeLarge(nodeFromJSON(...))`. Same checks and errors as nodeFromJSON.
 */
export function frozenFromJSON(
  json: unknown,
  resolveSv?: ServerValueResolver,
  depthOffset = 0,
): DataNode | null {
  if (json === null || typeof json !== 'object' || '.sv' in json || '.value' in json)
    return buildNode(json, resolveSv, depthOffset, []);
  const obj = json as Record<string, unknown>;
  let text = '';
  const sink = new TextSink((piece) => (text = piece), Number.POSITIVE_INFINITY);
  sink.cap = FROZEN_MAX_CHARS;
  const exists = addValueText(obj, resolveSv, depthOffset, [], sink);
  if (sink.total > sink.cap) return freezeLarge(buildNode(json, resolveSv, depthOffset, []));
  if (!exists) return null;
  sink.flush();
  return new Branch(text, priorityOf(obj, resolveSv, []));
}
