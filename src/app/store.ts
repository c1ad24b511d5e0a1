/**
 * The Redux store: one slice per entity (made by shared/entitySlice) plus the session, each
 * persisted to IndexedDB without its loading and error flags (spec section 4).
 */
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
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
import { authSlice } from '@/features/auth/authSlice';
import { countries } from '@/features/countries/countriesSlice';
import { fieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { levels } from '@/features/levels/levelsSlice';
import { orders } from '@/features/orders/ordersSlice';
import { schools } from '@/features/schools/schoolsSlice';
import { students } from '@/features/people/students/studentsSlice';
import { subjects } from '@/features/subjects/subjectsSlice';
import { tutors } from '@/features/people/tutors/tutorsSlice';
import { users } from '@/features/users/usersSlice';
import { notificationsListener } from './notifications';
import { indexedDbStorage } from './persistStorage';

/** Wraps a slice reducer so that everything but loading and error survives a reload. */
function persisted<S>(key: string, reducer: Reducer<S>): Reducer<S> {
  return persistReducer(
    { key, storage: indexedDbStorage, blacklist: ['loading', 'error', 'loadError'] },
    reducer,
  ) as unknown as Reducer<S>;
}

export const rootReducer = combineReducers({
  auth: persisted('auth', authSlice.reducer),
  users: persisted('users', users.reducer),
  levels: persisted('levels', levels.reducer),
  countries: persisted('countries', countries.reducer),
  fieldLevels: persisted('fieldLevels', fieldLevels.reducer),
  schools: persisted('schools', schools.reducer),
  subjects: persisted('subjects', subjects.reducer),
  students: persisted('students', students.reducer),
  tutors: persisted('tutors', tutors.reducer),
  orders: persisted('orders', orders.reducer),
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests make their own with a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).prepend(notificationsListener.middleware),
  });
}

export const store = makeStore();
export const persistor = persistStore(store);

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
