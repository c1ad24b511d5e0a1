/**
 * What the store keeps across reloads, and where (issue 5: IndexedDB, since localStorage's few
 * megabytes overflow with a real agency's thousands of students; issue 16 item 5: keep only what
 * helps, bounded in size).
 *
 * - the session (auth slice) whole, without its flags;
 * - of each entity list only its first page: the first {@link PERSISTED_ROWS} ids in the slice's
 *   order and their entities, so that a reload paints the first page at once and the rest comes
 *   from the database. At 50,000 records a whole list is tens of megabytes to serialise after
 *   every load and to read back before the first paint; a page is a few kilobytes.
 */
import { clear, createStore, del, get, set } from 'idb-keyval';
import { createTransform, type Storage, type Transform } from 'redux-persist';

const store = typeof indexedDB === 'undefined' ? undefined : createStore('back-office', 'redux');

/** redux-persist's storage contract plus `clear`, which empties the whole persisted store. */
export interface PersistStorage extends Storage {
  clear(): Promise<void>;
}

/**
 * Storage for redux-persist on IndexedDB (idb-keyval: the getItem/setItem/removeItem contract
 * redux-persist expects); a no-op where IndexedDB is missing (unit tests in jsdom).
 */
export const indexedDbStorage: PersistStorage = {
  getItem: (key: string) => (store ? get<string>(key, store) : Promise.resolve(null)),
  setItem: (key: string, value: string) => (store ? set(key, value, store) : Promise.resolve()),
  removeItem: (key: string) => (store ? del(key, store) : Promise.resolve()),
  clear: () => (store ? clear(store) : Promise.resolve()),
};

/** Rows of each entity list kept across a reload: a list's largest page size (spec section 2). */
export const PERSISTED_ROWS = 50;

/** The part of an entity slice (createEntityAdapter state) that is persisted. */
export interface PersistedRows {
  ids: string[];
  entities: Record<string, unknown>;
}

/** The slice keys a list persists: the rows only, never flags (loading, error, success...). */
export const LIST_KEYS = ['ids', 'entities'] as const;

/**
 * redux-persist transform of an entity slice: on the way to storage `ids` becomes its first
 * `rows` ids (the adapter keeps `ids` in the slice's order) and `entities` only their records;
 * on the way back both are returned as stored. redux-persist transforms one top-level key at a
 * time; the third argument is the whole slice state, which tells `entities` which ids are kept.
 */
export function firstPageTransform(rows = PERSISTED_ROWS): Transform<unknown, unknown> {
  return createTransform(
    (value: unknown, key: string | number | symbol, state: unknown) => {
      const ids = ((state as Partial<PersistedRows>).ids ?? []).slice(0, rows);
      if (key === 'ids') return ids;
      if (key === 'entities') {
        const entities = value as Record<string, unknown>;
        return Object.fromEntries(
          ids.flatMap((id) => (id in entities ? [[id, entities[id]]] : [])),
        );
      }
      return value;
    },
    (value: unknown) => value,
  );
}

/**
 * redux-persist state reconciler of an entity slice: the stored first page fills the list only
 * while it is untouched since the store made it (its `ids` are still those of `initial`, the
 * slice's initial state). Rows the database delivered before IndexedDB answered (the lists no
 * longer hold the first paint, see `sessionRestored` in store.ts), even none, are newer and
 * stay. Ids without their entity (a store written by an interrupted write) are dropped.
 */
export function firstPageReconciler(initial: PersistedRows) {
  return <S extends PersistedRows>(
    inbound: Partial<PersistedRows> | undefined,
    _original: S,
    reduced: S,
  ): S => {
    if (!inbound?.ids || !inbound.entities || reduced.ids !== initial.ids) return reduced;
    const entities = inbound.entities;
    return { ...reduced, ids: inbound.ids.filter((id) => id in entities), entities };
  };
}
