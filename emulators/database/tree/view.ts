/**
 * Read-only views of the tree before and after a pending write, without copying: the rules
 * evaluator needs `data`/`root` (before) and `newData` (after) at once, and the tree is mutable.
 * An overlay view answers from a small patch (the written paths) and falls back to the stored
 * tree everywhere else.
 */
import { Branch, type DataNode, type Primitive, type Priority } from './node.js';

/** What the rules evaluator (and validation walk) reads from a location. */
export interface NodeView {
  /** The stored node if this location is untouched or fully replaced; undefined if patched. */
  readonly node: DataNode | null | undefined;
  exists(): boolean;
  /** The primitive at a leaf, else null. */
  value(): Primitive | null;
  priority(): Priority;
  child(key: string): NodeView;
  hasChildren(): boolean;
  /** Keys of existing children. */
  childKeys(): string[];
}

class StoredView implements NodeView {
  constructor(readonly node: DataNode | null) {}
  exists(): boolean {
    return this.node !== null;
  }
  value(): Primitive | null {
    return this.node && !(this.node instanceof Branch) ? this.node.value : null;
  }
  priority(): Priority {
    return this.node ? this.node.priority : null;
  }
  child(key: string): NodeView {
    const n = this.node;
    return n instanceof Branch ? new StoredView(n.children.get(key) ?? null) : EMPTY;
  }
  hasChildren(): boolean {
    return this.node instanceof Branch;
  }
  childKeys(): string[] {
    return this.node instanceof Branch ? [...this.node.children.keys()] : [];
  }
}

const EMPTY = new StoredView(null);

/** A view of a stored node. */
export function storedView(node: DataNode | null): NodeView {
  return node ? new StoredView(node) : EMPTY;
}

/** Patch tree: `set` replaces the whole location; `kids` patch deeper locations. */
interface Patch {
  set?: DataNode | null;
  /** True once a replaced location was written below: the stored node no longer shows. */
  opaque?: boolean;
  kids: Map<string, Patch>;
}

class PatchedView implements NodeView {
  readonly node = undefined;
  constructor(
    private readonly base: DataNode | null,
    private readonly patch: Patch,
  ) {}
  child(key: string): NodeView {
    const p = this.patch.kids.get(key);
    const baseChild = this.base instanceof Branch ? (this.base.children.get(key) ?? null) : null;
    if (!p) return storedView(baseChild);
    if (p.set !== undefined) return storedView(p.set);
    return new PatchedView(p.opaque ? null : baseChild, p);
  }
  childKeys(): string[] {
    const keys: string[] = [];
    if (this.base instanceof Branch) {
      for (const k of this.base.children.keys()) if (!this.patch.kids.has(k)) keys.push(k);
    }
    for (const k of this.patch.kids.keys()) if (this.child(k).exists()) keys.push(k);
    return keys;
  }
  hasChildren(): boolean {
    for (const k of this.patch.kids.keys()) if (this.child(k).exists()) return true;
    if (this.base instanceof Branch) {
      for (const k of this.base.children.keys()) if (!this.patch.kids.has(k)) return true;
    }
    return false;
  }
  exists(): boolean {
    return this.hasChildren();
  }
  value(): Primitive | null {
    return null; // a patched location is written below, so it is a branch or empty
  }
  priority(): Priority {
    return this.base instanceof Branch && this.exists() ? this.base.priority : null;
  }
}

/** A view built on its first use: rules that never read it (`true`, `auth != null`) cost nothing. */
class LazyView implements NodeView {
  private view: NodeView | undefined;
  constructor(private readonly make: () => NodeView) {}
  private get v(): NodeView {
    return (this.view ??= this.make());
  }
  get node(): DataNode | null | undefined {
    return this.v.node;
  }
  exists(): boolean {
    return this.v.exists();
  }
  value(): Primitive | null {
    return this.v.value();
  }
  priority(): Priority {
    return this.v.priority();
  }
  child(key: string): NodeView {
    return this.v.child(key);
  }
  hasChildren(): boolean {
    return this.v.hasChildren();
  }
  childKeys(): string[] {
    return this.v.childKeys();
  }
}

/** A view that `make` builds when it is first read. */
export function lazyView(make: () => NodeView): NodeView {
  return new LazyView(make);
}

/** One write of an operation: replace the node at `path` (null deletes). */
export interface Write {
  path: string[];
  node: DataNode | null;
}

/**
 * The root as it will look after `writes` (applied in order; later writes win where they
 * overlap).
 */
export function overlayView(root: DataNode | null, writes: readonly Write[]): NodeView {
  const top: Patch = { kids: new Map() };
  for (const w of writes) {
    let p = top;
    for (const key of w.path) {
      if (p.set !== undefined) {
        // Writing below an already replaced location: materialise by copying the replacement.
        p = materialise(p);
      }
      let next = p.kids.get(key);
      if (!next) p.kids.set(key, (next = { kids: new Map() }));
      p = next;
    }
    p.set = w.node;
    p.kids.clear();
  }
  if (top.set !== undefined) return storedView(top.set);
  return top.kids.size ? new PatchedView(top.opaque ? null : root, top) : storedView(root);
}

function materialise(p: Patch): Patch {
  const node = p.set;
  delete p.set;
  p.opaque = true;
  if (node instanceof Branch) {
    for (const [k, child] of node.children) p.kids.set(k, { set: child, kids: new Map() });
  }
  return p;
}
