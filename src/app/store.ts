/**
 * The Redux store: one slice per registered resource (src/app/resources.ts, made by
 * shared/entitySlice) plus the session, each persisted to IndexedDB without its loading and error
 * flags (spec section 4). The thunks get their backend as `extraArgument` (ThunkExtra).
 */
import {
  combineReducers,
  configureStore,
  type Reducer,
  type ReducersMapObject,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { firebaseAuthApi } from '@/features/auth/authApi';
import { authSlice } from '@/features/auth/authSlice';
import type { Lazy, ThunkExtra } from '@/shared/entitySlice';
import type { AccountsApi } from '@/shared/accounts';
import { notificationsListener } from './notifications';
import { indexedDbStorage } from './persistStorage';
import { resources, type RegisteredResource } from './resources';

/** Wraps a slice reducer so that everything but loading and error survives a reload. */
function persisted<S>(key: string, reducer: Reducer<S>): Reducer<S> {
  return persistReducer(
    { key, storage: indexedDbStorage, blacklist: ['loading', 'error', 'loadError'] },
    reducer,
  ) as unknown as Reducer<S>;
}

/** The registered resources that have a slice. */
type SliceResource = Extract<RegisteredResource, { slice: { reducer: Reducer } }>;

/** Each resource's slice state under its name (the registry is the one list of them). */
type EntityStates = {
  [R in SliceResource as R['name']]: R['slice']['reducer'] extends Reducer<infer S> ? S : never;
};

const entityReducers = Object.fromEntries(
  resources.flatMap((r) =>
    'slice' in r ? [[r.name, persisted(r.name, r.slice.reducer as Reducer)]] : [],
  ),
) as ReducersMapObject<EntityStates>;

export const rootReducer = combineReducers({
  auth: persisted('auth', authSlice.reducer),
  ...entityReducers,
});

/** The real backend of every slice: each resource's api, and the account workflow. */
const defaultExtra: ThunkExtra = {
  apis: {
    ...Object.fromEntries(resources.flatMap((r) => ('api' in r ? [[r.name, r.api]] : []))),
    // The session's backend (the auth slice is not a registered resource: no list, no route).
    auth: firebaseAuthApi,
  },
  // Loaded on first use: account creation brings uploads (not needed on /login).
  accounts: () => import('@/shared/accounts').then((m) => m.accountsApi),
};

export type RootState = ReturnType<typeof rootReducer>;

/**
 * What a test may replace of the backend: some slices' apis (e.g. in-memory ones, by slice name)
 * and the account workflow; the rest stays the real one.
 */
export interface BackendOverrides {
  apis?: Partial<Record<keyof EntityStates | 'auth', Lazy<unknown>>>;
  accounts?: Lazy<AccountsApi>;
}

/**
 * Builds a store; tests make their own with a preloaded state and, to run thunks without
 * Firebase, in-memory apis (the thunks' `extraArgument`).
 */
export function makeStore(preloadedState?: Partial<RootState>, backend: BackendOverrides = {}) {
  const extra: ThunkExtra = {
    apis: { ...defaultExtra.apis, ...backend.apis },
    accounts: backend.accounts ?? defaultExtra.accounts,
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).prepend(notificationsListener.middleware),
  });
}

export const store = makeStore();
export const persistor = persistStore(store);

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
