/**
 * What the store keeps across reloads, and where (IndexedDB, since localStorage's few megabytes
 * overflow with a real agency's thousands of students; only what helps a reload, bounded in size).
 *
 * - the session (auth slice) whole, without its flags;
 * - of each entity list only its first page (persistedList.ts, loaded with the lists).
 */
import { clear, createStore, del, get, set } from 'idb-keyval';
import type { Storage } from 'redux-persist';

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
