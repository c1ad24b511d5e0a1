/**
 * One namespace's data: a mutable tree plus the operations the protocol and REST API need.
 * Writes arrive as lists of {@link Write} (already validated and resolved) so that a multi-path
 * update is applied atomically after one rules verdict.
 */
import {
  Branch,
  type DataNode,
  Leaf,
  childAt,
  freezeLarge,
  frozenFromJSON,
  nodeFromJSON,
  plainRecord,
} from './node.js';
import { InvalidInputError, hasNestedPaths, parsePath } from './path.js';
import { serverValueResolver } from './server-values.js';
import type { Write } from './view.js';

/** An operation of this many writes, or a value of this many children, is stored as an import. */
const BULK_WRITES = 32;

/** The data of one namespace (`?ns=`). */
export class DataStore {
  root: DataNode | null = null;

  /** The node at `path`, or null. */
  get(path: readonly string[]): DataNode | null {
    return childAt(this.root, path);
  }

  /** Replaces the whole tree (import, clear). */
  reset(root: DataNode | null): void {
    this.root = root;
  }

  /** Replaces the whole tree with loaded data, its records kept as text (node.ts `Branch`). */
  load(root: DataNode | null): void {
    this.root = freezeLarge(root);
  }

  /**
   * Turns a put body into a write: resolves server values against the current data and handles
   * a final `.priority` segment (setPriority) by re-creating the node with the new priority.
   * @throws InvalidInputError on invalid data
   */
  prepareWrite(path: readonly string[], json: unknown, now: number, bulk = false): Write {
    if (path[path.length - 1] === '.priority') {
      const target = path.slice(0, -1);
      const existing = this.get(target);
      const resolve = serverValueResolver(now, () => null);
      const prioNode = nodeFromJSON(json, resolve);
      if (prioNode instanceof Branch) throw new InvalidInputError('Invalid priority');
      if (prioNode && typeof prioNode.value === 'boolean')
        throw new InvalidInputError('Invalid priority');
      const priority = prioNode ? (prioNode.value as string | number) : null;
      let node: DataNode | null = null;
      if (existing instanceof Leaf) node = new Leaf(existing.value, priority);
      else if (existing) node = new Branch(existing.children, priority);
      return { path: target, node };
    }
    // A plain record (most writes of the app and the bench) is kept as itself: no server values
    // to resolve, and the text frozenFromJSON would make for an import once serialised.
    if (plainRecord(json, path.length)) return { path: [...path], node: Branch.ofRecord(json) };
    const resolve = serverValueResolver(now, (rel) => this.get([...path, ...rel]));
    const build = bulk ? frozenFromJSON : nodeFromJSON;
    return { path: [...path], node: build(json, resolve, path.length) };
  }

  /**
   * Turns a merge body (`{"rel/path": value}`) into writes (relative paths may end in `.priority`).
   * @throws InvalidInputError for invalid or overlapping paths
   */
  prepareMerge(path: readonly string[], body: unknown, now: number): Write[] {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new InvalidInputError('Update data must be an object');
    const writes: Write[] = [];
    const entries = Object.entries(body as Record<string, unknown>);
    // An import: its records are made as text at once (apply would keep them as text anyway).
    const bulk = entries.length >= BULK_WRITES;
    for (const [rel, value] of entries) {
      const relPath = parsePath(rel, true);
      writes.push(this.prepareWrite([...path, ...relPath], value, now, bulk));
    }
    if (hasNestedPaths(writes.map((w) => w.path)))
      throw new InvalidInputError('Update paths overlap (one is an ancestor of another)');
    return writes;
  }

  /**
   * Applies writes in order, pruning empty branches and clearing caches along each path. The
   * values of an import (an operation of many writes, or a value of many children) are stored
   * with their records as text (node.ts `Branch`); a plain record written alone is kept as itself already (prepareWrite).
   */
  apply(writes: readonly Write[]): void {
    const bulk = writes.length >= BULK_WRITES;
    for (const w of writes) {
      const large =
        bulk ||
        (w.node instanceof Branch && !w.node.isFrozen && w.node.children.size >= BULK_WRITES);
      this.applyOne(w.path, large ? freezeLarge(w.node) : w.node);
    }
  }

  private applyOne(path: readonly string[], node: DataNode | null): void {
    if (path.length === 0) {
      this.root = node;
      return;
    }
    if (node === null) {
      // Delete: walk down; stop early if the path does not exist.
      const chain: Branch[] = [];
      let cur = this.root;
      for (let i = 0; i < path.length - 1; i++) {
        if (!(cur instanceof Branch)) return;
        chain.push(cur);
        cur = cur.children.get(path[i]!) ?? null;
      }
      if (!(cur instanceof Branch) || !cur.children.has(path[path.length - 1]!)) return;
      chain.push(cur);
      cur.children.delete(path[path.length - 1]!);
      for (let i = 0; i < chain.length; i++) chain[i]!.invalidate(path[i]);
      // Prune parents left without children.
      for (let i = chain.length - 1; i >= 0; i--) {
        if (chain[i]!.children.size > 0) break;
        if (i === 0) this.root = null;
        else chain[i - 1]!.children.delete(path[i - 1]!);
      }
      return;
    }
    if (!(this.root instanceof Branch)) this.root = new Branch();
    let cur: Branch = this.root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      cur.invalidate(key);
      let next = cur.children.get(key);
      if (!(next instanceof Branch)) {
        // Writing below a leaf (or nothing) turns it into a branch.
        next = new Branch();
        cur.children.set(key, next);
      }
      cur = next;
    }
    cur.invalidate(path[path.length - 1]);
    cur.children.set(path[path.length - 1]!, node);
  }
}
