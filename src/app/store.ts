/**
 * The Redux store: one slice per registered resource (src/app/resources.ts, made by
 * shared/entitySlice) plus the session. What survives a reload is chosen in persistStorage.ts: the
 * session without its flags, and each list's first page only; only the session holds the first
 * paint (see `sessionRestored`), and signing out empties the persisted store. The thunks get their
 * backend as `extraArgument` (ThunkExtra).
 */
import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistState,
} from 'redux-persist';
import { authSlice } from '@/features/auth/authSlice';
import type { ThunkExtra } from '@/shared/entitySlice';
import { resolveLazy, type Lazy } from '@/shared/lazy';
import type { Resource } from '@/shared/resource';
import type { AccountsApi } from '@/shared/accounts';
import { sessionCleared } from '@/shared/session';
import { afterAction } from './afterAction';
import { notificationMiddlewares } from './notifications';
import type { PersistList } from './persistedList';
import { indexedDbStorage, type PersistStorage } from './persistStorage';
import type { RegisteredResource } from './resources';

/** The session: everything but its loading and error flags survives a reload. */
function persistedSession<S>(storage: PersistStorage, reducer: Reducer<S>): Reducer<S> {
  return persistReducer(
    { key: 'auth', storage, blacklist: ['loading', 'error'] },
    reducer,
  ) as unknown as Reducer<S>;
}

/** The registered resources that have a slice. */
type SliceResource = Extract<RegisteredResource, { slice: { reducer: Reducer } }>;

/** Each resource's slice state under its name (the registry is the one list of them). */
type EntityStates = {
  [R in SliceResource as R['name']]: R['slice']['reducer'] extends Reducer<infer S> ? S : never;
};

/**
 * The root reducer persisting to `storage`: the session from the start, each resource's list once
 * injected (`injectResources`, so /login ships no feature's slice). One per store: redux-persist
 * keeps its writer and its rehydration state inside each persisted reducer.
 */
function makeRootReducer(storage: PersistStorage) {
  return combineSlices({
    auth: persistedSession(storage, authSlice.reducer),
  }).withLazyLoadedSlices<EntityStates>();
}

/**
 * The store's state. The entity lists are typed as present: the registry's slices are injected
 * (`loadResources`) before any signed-in screen renders, and only those screens read them.
 */
export type RootState = ReturnType<ReturnType<typeof makeRootReducer>> & EntityStates;

/**
 * What a test may replace of the backend: some slices' apis (e.g. in-memory ones, by slice name)
 * and the account workflow; the rest stays the real one (each resource's api, given with its
 * slice by `injectResources`).
 */
export interface BackendOverrides {
  apis?: Partial<Record<keyof EntityStates | 'auth', Lazy<unknown>>>;
  accounts?: Lazy<AccountsApi>;
}

/** Dispatched after an injection so that the injected lists have their initial state at once. */
const RESOURCES_INJECTED = 'store/resourcesInjected';

/**
 * Builds a store; tests make their own with a preloaded state and, to run thunks without
 * Firebase, in-memory apis (the thunks' `extraArgument`), and may persist to another storage.
 * Signing out (sessionCleared) empties the persisted store: the next user of the browser finds
 * neither the session nor any list in IndexedDB.
 *
 * `store.injectResources(resources, persistedList)` adds each resource's slice (persisted as a
 * list by `persistedList`, from persistedList.ts, which /login does not load) and api, once per
 * name; an api given in `backend` wins. A persistor then needs `persist()` to read the injected
 * lists back.
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  backend: BackendOverrides = {},
  storage: PersistStorage = indexedDbStorage,
) {
  const extra: ThunkExtra = {
    // The session's backend (the auth slice is not a registered resource: no list, no route),
    // loaded on first use: Firebase Auth is not needed to render /login.
    apis: {
      auth: () => import('@/features/auth/authApi').then((m) => m.firebaseAuthApi),
      ...backend.apis,
    },
    // Loaded on first use: account creation brings uploads (not needed on /login).
    accounts: backend.accounts ?? (() => import('@/shared/accounts').then((m) => m.accountsApi)),
  };
  // The slices are back to their initial state when this runs; what redux-persist writes after
  // the clear is that empty state (its writes read the latest state).
  const signOut = afterAction(sessionCleared.match, () => void storage.clear());
  const reducer = makeRootReducer(storage);
  const store = configureStore({
    // Typed with the lists present (see RootState).
    reducer: reducer as unknown as Reducer<RootState>,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).prepend(...notificationMiddlewares, signOut),
  });
  const injected = new Set<string>();
  const inject = reducer.inject as (slice: { reducerPath: string; reducer: Reducer }) => unknown;
  function injectResources(list: readonly Resource[], persistedList: PersistList): void {
    for (const resource of list) {
      if (!resource.slice || injected.has(resource.name)) continue;
      injected.add(resource.name);
      if (resource.api && !(resource.name in extra.apis)) extra.apis[resource.name] = resource.api;
      inject({
        reducerPath: resource.name,
        reducer: persistedList(resource.name, storage, resource.slice.reducer),
      });
    }
    store.dispatch({ type: RESOURCES_INJECTED });
  }
  return Object.assign(store, { injectResources });
}

/**
 * Whether the persisted session is back from IndexedDB (or the store persists nothing). Only the
 * session holds the first paint; lists fill in when their first page is read back.
 */
export function sessionRestored(state: RootState): boolean {
  const persist = (state.auth as { _persist?: PersistState })._persist;
  return persist === undefined || persist.rehydrated;
}

/**
 * Runs `start` once the persisted session is back (at once if it is): e.g. following Firebase
 * Auth, whose report must be compared with the restored session, never overwritten by it.
 */
export function whenSessionRestored(store: AppStore, start: () => void): void {
  if (sessionRestored(store.getState())) return start();
  const unsubscribe = store.subscribe(() => {
    if (!sessionRestored(store.getState())) return;
    unsubscribe();
    start();
  });
}

export const store = makeStore();
export const persistor = persistStore(store);

/** Loads the registry (its own chunk: every feature's slice and api) and injects it. */
const registry = async () => {
  const [{ resources }, { persistedList }] = await Promise.all([
    import('./resources'),
    import('./persistedList'),
  ]);
  store.injectResources(resources, persistedList);
  // Registers the injected lists with the persistor, which reads their first pages back.
  persistor.persist();
  return resources;
};

/**
 * The resource registry (src/app/resources.ts), its slices and apis injected into the app's store;
 * loaded once, by the signed-in shell and the admin routes (router.tsx) before their screens
 * render, so that /login loads none of it.
 */
export function loadResources(): Promise<readonly RegisteredResource[]> {
  return resolveLazy(registry);
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
