/**
 * Active listens of one namespace, indexed by path in a trie so a write finds the affected
 * listens in O(depth + matches), and the pushes a write causes (rtdb-wire-protocol.md §5):
 * - a plain listen at or above a written path gets the written value at that path (`d`), or one
 *   `m` for a multi-path update;
 * - a plain listen below a written path gets its new value (`d` at its own path);
 * - a tagged key range (isKeyRange) above the written paths gets, as Google's server sends it,
 *   only the writes under the children it holds (`m` with `t`), or nothing: a list followed in
 *   key ranges (src/shared/rtdb.ts) would otherwise get a whole range of thousands of rows again
 *   for every change of one row, and the server would export every range per write;
 * - another tagged query is re-evaluated and gets its new result when it changed (`d` with `t`).
 * Each distinct frame (for tagged queries: each distinct query's result) is serialised once and
 * shared by every listener it goes to.
 */
import { type DataNode, exportText } from '../tree/node.js';
import { isPrefix } from '../tree/path.js';
import { type QuerySpec, isKeyRange, keyInRange, queryResultNode } from '../tree/query.js';
import type { Write } from '../tree/view.js';

/** Where pushes go: one client connection. */
export interface PushTarget {
  /** Sends one data message (already a JSON envelope string). */
  sendFrame(text: string): void;
}

/** One listen of one connection. */
export interface Subscription {
  /**
   * The listen's identity within its connection: the client's path plus its canonical (sorted-key)
   * query object. Equal ids mean the same path and query, so they share the query's result.
   */
  readonly id: string;
  readonly target: PushTarget;
  readonly path: string[];
  readonly query: QuerySpec;
  /** Present for tagged (filtering) queries. */
  readonly tag?: number;
  /** Last result JSON sent to a tagged query, to skip pushes that change nothing. */
  lastJson?: string;
}

interface TrieNode {
  subs: Set<Subscription>;
  /** Created with the first child: most nodes are where one listen ends and have none. */
  kids: Map<string, TrieNode> | undefined;
  /** The node above and this node's key there; null at the root. */
  parent: TrieNode | null;
  key: string;
}

function newTrie(parent: TrieNode | null, key: string): TrieNode {
  return { subs: new Set(), kids: undefined, parent, key };
}

/** Builds the envelope for a server push. */
export function pushFrame(
  action: 'd' | 'm',
  path: readonly string[],
  json: string,
  tag?: number,
): string {
  const tagPart = tag === undefined ? '' : `,"t":${tag}`;
  return `{"t":"d","d":{"a":"${action}","b":{"p":${JSON.stringify(path.join('/'))},"d":${json}${tagPart}}}}`;
}

/** The listens of one namespace. */
export class SubscriptionIndex {
  private readonly root = newTrie(null, '');
  private count = 0;

  /** How many listens are active. */
  get size(): number {
    return this.count;
  }

  add(sub: Subscription): void {
    let node = this.root;
    for (const key of sub.path) {
      const kids = (node.kids ??= new Map());
      let next = kids.get(key);
      if (!next) kids.set(key, (next = newTrie(node, key)));
      node = next;
    }
    node.subs.add(sub);
    this.count++;
  }

  remove(sub: Subscription): void {
    let node: TrieNode | undefined = this.root;
    for (const key of sub.path) {
      node = node.kids?.get(key);
      if (!node) return;
    }
    if (!node.subs.delete(sub)) return;
    this.count--;
    // Drop trie nodes that hold nothing any more.
    while (node.parent && node.subs.size === 0 && !node.kids?.size) {
      node.parent.kids!.delete(node.key);
      node = node.parent;
    }
  }

  /**
   * Listens affected by writing at `path`: `above` = at or above it, `below` = strictly below.
   */
  private affected(
    path: readonly string[],
    above: Set<Subscription>,
    below: Set<Subscription>,
  ): void {
    let node: TrieNode | undefined = this.root;
    for (const s of node.subs) above.add(s);
    for (const key of path) {
      node = node.kids?.get(key);
      if (!node) return;
      for (const s of node.subs) above.add(s);
    }
    addBelow(node, below);
  }

  /**
   * Sends the pushes caused by an applied operation.
   * @param writes the applied writes (resolved values)
   * @param mergeBase for a multi-path update, the location it was sent to
   * @param get reads the tree after the operation
   */
  notify(
    writes: readonly Write[],
    mergeBase: readonly string[] | undefined,
    get: (path: readonly string[]) => DataNode | null,
  ): void {
    if (this.count === 0) return;
    const above = new Set<Subscription>();
    const below = new Set<Subscription>();
    for (const w of writes) this.affected(w.path, above, below);
    const pushes = new Pushes(writes, get);
    for (const sub of below) if (!above.has(sub)) pushes.sendOwnValue(sub);
    for (const sub of above) {
      if (sub.tag !== undefined) {
        // A write at or above its location replaces it: its whole result then.
        if (isKeyRange(sub.query) && !writes.some((w) => isPrefix(w.path, sub.path))) {
          pushes.sendKeyRangeMerge(sub);
        } else pushes.sendOwnValue(sub);
      } else if (mergeBase === undefined) {
        sub.target.sendFrame(pushes.setFrame());
      } else if (sub.path.length <= mergeBase.length) {
        sub.target.sendFrame(pushes.mergeFrame(mergeBase));
      } else {
        pushes.sendMergeBelow(sub);
      }
    }
  }
}

/** Adds every listen strictly below `node` to `below`. */
function addBelow(node: TrieNode, below: Set<Subscription>): void {
  if (!node.kids) return;
  for (const k of node.kids.values()) {
    for (const s of k.subs) below.add(s);
    addBelow(k, below);
  }
}

/**
 * The pushes of one operation, each distinct frame serialised once. A class rather than closures
 * made per write: the server runs under tsx, whose `keepNames` turns every named closure into an
 * `Object.defineProperty` call each time it is created.
 */
class Pushes {
  private readonly frames = new Map<string, string>();

  constructor(
    private readonly writes: readonly Write[],
    private readonly get: (path: readonly string[]) => DataNode | null,
  ) {}

  /** The `d` frame of a set: the written value at its path. */
  setFrame(): string {
    let f = this.frames.get('w');
    if (f === undefined) {
      const w = this.writes[0]!;
      f = pushFrame('d', w.path, exportText(w.node));
      this.frames.set('w', f);
    }
    return f;
  }

  /** The `m` frame of a multi-path update at `base`, relative to it. */
  mergeFrame(base: readonly string[]): string {
    let f = this.frames.get('m');
    if (f === undefined)
      this.frames.set('m', (f = pushFrame('m', base, mergeBody(this.writes, base.length))));
    return f;
  }

  /** Sends `sub` its whole value (a tagged query: its result, when it changed). */
  sendOwnValue(sub: Subscription): void {
    if (sub.tag !== undefined) {
      // The frame carries the client's tag, so only the result JSON is shared.
      const key = 'q:' + sub.id;
      let json = this.frames.get(key);
      if (json === undefined) {
        json = exportText(queryResultNode(this.get(sub.path), sub.query));
        this.frames.set(key, json);
      }
      if (json === sub.lastJson) return;
      sub.lastJson = json;
      sub.target.sendFrame(pushFrame('d', sub.path, json, sub.tag));
      return;
    }
    const key = 'own:' + sub.path.join('/');
    let f = this.frames.get(key);
    if (f === undefined) {
      f = pushFrame('d', sub.path, exportText(this.get(sub.path)));
      this.frames.set(key, f);
    }
    sub.target.sendFrame(f);
  }

  /**
   * A tagged key range (isKeyRange) no write replaces: the writes under the children in its
   * range (a multi-path update's other paths left out), as one merge relative to it carrying its
   * tag; nothing when none is in range.
   */
  sendKeyRangeMerge(sub: Subscription): void {
    const depth = sub.path.length;
    const inside = this.writes.filter(
      (w) => isPrefix(sub.path, w.path) && keyInRange(sub.query, w.path[depth]!),
    );
    if (inside.length === 0) return;
    // The result changed by merges: a later whole result must be sent whatever it is.
    sub.lastJson = undefined;
    sub.target.sendFrame(pushFrame('m', sub.path, mergeBody(inside, depth), sub.tag));
  }

  /**
   * A listener deeper than a multi-path update's base gets only the writes inside its location,
   * as a merge relative to it (as the real server does), not its whole value again: a list node
   * of 50,000 rows would otherwise be re-sent for every change of one row.
   */
  sendMergeBelow(sub: Subscription): void {
    const inside = this.writes.filter((w) => isPrefix(sub.path, w.path));
    // A write at or above the listener's location replaces it: its own value then.
    if (inside.length === 0 || this.writes.some((w) => isPrefix(w.path, sub.path))) {
      this.sendOwnValue(sub);
      return;
    }
    sub.target.sendFrame(pushFrame('m', sub.path, mergeBody(inside, sub.path.length)));
  }
}

/**
 * The JSON object of an `m` push: each write's value (export format) under its path relative to
 * the merge's location, `depth` keys deep. The paths of one update never repeat (store.ts
 * refuses overlapping ones), so the text has no duplicate keys.
 */
function mergeBody(writes: readonly Write[], depth: number): string {
  let text = '{';
  for (let i = 0; i < writes.length; i++) {
    const w = writes[i]!;
    text += `${i ? ',' : ''}${JSON.stringify(w.path.slice(depth).join('/'))}:${exportText(w.node)}`;
  }
  return text + '}';
}
