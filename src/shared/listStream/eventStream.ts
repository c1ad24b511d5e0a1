/**
 * The Realtime Database's REST streaming, read as a client: a list's rows kept from the stream's
 * `put` and `patch` events (https://firebase.google.com/docs/reference/rest/database, "Streaming
 * from the REST API"; the events themselves are parsed by eventsource-parser in followList.ts).
 * Plain code: it runs in the list worker (listWorker.ts) and in Node tests alike.
 */

/** A list row as the app holds it: the record's fields and its key as `id`. */
export type StreamRow = Record<string, unknown> & { id: string };

/** What one event changed: whole rows added or replaced, and keys removed. */
export interface RowChanges {
  upserts: StreamRow[];
  removals: string[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/** `value` with the value at `path` (below it) replaced by `data`; null removes, as RTDB does. */
function withValueAt(value: unknown, path: readonly string[], data: unknown): unknown {
  if (path.length === 0) return data;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: Json = isObject(value) ? { ...(value as Json) } : {};
  const child = withValueAt(copy[key], rest, data);
  if (child === null || (isObject(child) && Object.keys(child).length === 0)) delete copy[key];
  else copy[key] = child;
  return Object.keys(copy).length === 0 ? null : copy;
}

/**
 * The rows of one list location, kept from its stream's events: `put` replaces the value at a
 * path relative to the list (the whole list, a row, or a field of a row), `patch` each key of its
 * data under its path. Each call returns the rows it changed, whole, as the list's consumers take
 * them (an `id` beside the fields, like `DataSnapshot.key`); a `put` of the whole list after a
 * reconnection returns only what differs from the rows held.
 */
export class ListRows {
  private readonly rows = new Map<string, unknown>();

  put(path: string, data: unknown): RowChanges {
    const changed = new Set<string>();
    const removed = new Set<string>();
    this.apply(segmentsOf(path), data, changed, removed);
    return this.changes(changed, removed);
  }

  patch(path: string, data: unknown): RowChanges {
    const changed = new Set<string>();
    const removed = new Set<string>();
    const base = segmentsOf(path);
    if (isObject(data))
      for (const [key, value] of Object.entries(data))
        this.apply([...base, ...segmentsOf(key)], value, changed, removed);
    return this.changes(changed, removed);
  }

  /** How many rows are held. */
  get size(): number {
    return this.rows.size;
  }

  private apply(
    segments: readonly string[],
    data: unknown,
    changed: Set<string>,
    removed: Set<string>,
  ): void {
    if (segments.length === 0) {
      const next = isObject(data) ? data : {};
      for (const key of this.rows.keys()) if (!(key in next)) this.remove(key, changed, removed);
      for (const [key, value] of Object.entries(next)) this.set(key, value, changed, removed);
      return;
    }
    const [key, ...rest] = segments as [string, ...string[]];
    this.set(key, withValueAt(this.rows.get(key), rest, data), changed, removed);
  }

  private set(key: string, value: unknown, changed: Set<string>, removed: Set<string>): void {
    if (value === null || value === undefined) return this.remove(key, changed, removed);
    const old = this.rows.get(key);
    // A write of the values a row already has (a reconnection's whole list, a trigger rewriting
    // a row as it was) changes nothing, as the SDK raises no child_changed for it.
    if (old !== undefined && JSON.stringify(old) === JSON.stringify(value)) return;
    this.rows.set(key, value);
    changed.add(key);
    removed.delete(key);
  }

  private remove(key: string, changed: Set<string>, removed: Set<string>): void {
    if (!this.rows.delete(key)) return;
    changed.delete(key);
    removed.add(key);
  }

  private changes(changed: Set<string>, removed: Set<string>): RowChanges {
    const upserts: StreamRow[] = [];
    for (const key of changed) {
      const value = this.rows.get(key);
      upserts.push(isObject(value) ? { ...value, id: key } : { id: key });
    }
    return { upserts, removals: [...removed] };
  }
}

/** ['a', 'b'] for '/a/b' (and for 'a/b'); [] for '/'. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}
