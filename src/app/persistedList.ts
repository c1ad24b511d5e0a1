/**
 * What survives a reload of an entity list: only its first page, the first {@link PERSISTED_ROWS}
 * ids in the slice's order and their entities, so that a reload paints the first page at once and
 * the rest comes from the database. At 50,000 records a whole list is tens of megabytes to
 * serialise after every load and to read back before the first paint; a page is a few kilobytes.
 * Loaded with the registry (store.ts `loadResources`), not by /login, which has no list.
 */
import {
  createTransform,
  persistReducer,
  type PersistConfig,
  type PersistedState,
  type Transform,
} from 'redux-persist';
import type { Reducer } from '@reduxjs/toolkit';
import type { PersistStorage } from './persistStorage';

/**
 * Version of the persisted lists: 1 = bounded to their first page. A list written by an older
 * version (whole, up to 141 MB at 50,000 records) is not read back but overwritten.
 */
const LIST_VERSION = 1;

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

/** An action no reducer handles: a reducer's answer to it from no state is its initial state. */
const INITIAL_STATE_PROBE = 'store/initialStateProbe';

/** An entity list: its first page (ids + entities, persistStorage.ts) survives, no flags. */
export function persistedList<S>(
  key: string,
  storage: PersistStorage,
  reducer: Reducer<S>,
): Reducer<S> {
  return persistReducer(
    {
      key,
      storage,
      version: LIST_VERSION,
      migrate: (state: PersistedState) =>
        Promise.resolve(state?._persist.version === LIST_VERSION ? state : undefined),
      whitelist: [...LIST_KEYS],
      transforms: [firstPageTransform()],
      stateReconciler: firstPageReconciler(
        reducer(undefined, { type: INITIAL_STATE_PROBE }) as PersistedRows,
      ) as PersistConfig<S>['stateReconciler'],
    },
    reducer,
  ) as unknown as Reducer<S>;
}

/** How the store persists an injected list (`persistedList`; tests may pass their own). */
export type PersistList = typeof persistedList;
