/**
 * redux-persist storage on IndexedDB (issue 5: localStorage's few megabytes overflow with a real
 * agency's thousands of students). idb-keyval gives the getItem/setItem/removeItem contract that
 * redux-persist expects.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { Storage } from 'redux-persist';

const store = typeof indexedDB === 'undefined' ? undefined : createStore('back-office', 'redux');

/** Storage for redux-persist; a no-op where IndexedDB is missing (unit tests in jsdom). */
export const indexedDbStorage: Storage = {
  getItem: (key: string) => (store ? get<string>(key, store) : Promise.resolve(null)),
  setItem: (key: string, value: string) => (store ? set(key, value, store) : Promise.resolve()),
  removeItem: (key: string) => (store ? del(key, store) : Promise.resolve()),
};
