import { persistStore, type PersistState } from 'redux-persist';
import { sessionCleared } from '@/shared/session';
import { students } from '@/features/people/students/studentsSlice';
import type { Student } from '@/features/people/students/types';
import { PERSISTED_ROWS, persistedList } from './persistedList';
import type { PersistStorage } from './persistStorage';
import { resources } from './resources';
import { makeStore, sessionRestored } from './store';

/**
 * A redux-persist storage in memory (jsdom has no IndexedDB); reads of the `held` keys answer
 * only after `release()`, as a slow IndexedDB would.
 */
function memoryStorage(initial: Record<string, string> = {}, held: string[] = []) {
  const items = new Map(Object.entries(initial));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const storage: PersistStorage = {
    getItem: async (key) => {
      if (held.includes(key)) await released;
      return items.get(key) ?? null;
    },
    setItem: (key, value: string) => Promise.resolve(void items.set(key, value)),
    removeItem: (key) => Promise.resolve(void items.delete(key)),
    clear: () => Promise.resolve(items.clear()),
  };
  return { storage, items, release };
}

/** The rows redux-persist wrote for a slice (it serialises each key of the slice on its own). */
function storedRows(items: Map<string, string>, key: string) {
  const raw = items.get(`persist:${key}`);
  if (!raw) return { ids: [], entities: {}, keys: [] };
  const outer = JSON.parse(raw) as Record<string, string>;
  return {
    ids: JSON.parse(outer.ids ?? '[]') as string[],
    entities: JSON.parse(outer.entities ?? '{}') as Record<string, Student>,
    keys: Object.keys(outer),
  };
}

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${String(i).padStart(5, '0')}`,
    name: `Student ${i}`,
    // The slice lists newest first: s00000 is the newest.
    createdAt: 1_700_000_000_000 - i,
  })) as unknown as Student[];

/** The app's store on `storage`, with the registry's lists, persisting them. */
function listStore(storage: PersistStorage) {
  const store = makeStore(undefined, {}, storage);
  store.injectResources(resources, persistedList);
  return store;
}

async function started(storage: PersistStorage) {
  const store = listStore(storage);
  const persistor = persistStore(store);
  await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return { store, persistor };
}

describe('persisted store (only what helps a reload, bounded in size)', () => {
  it('keeps only the first 50 rows of a 10,000-row list, in the slice order, and no flags', async () => {
    const { storage, items } = memoryStorage();
    const { store, persistor } = await started(storage);
    store.dispatch(students.fetchAll.fulfilled(rows(10_000), 'load'));
    expect(store.getState().students.ids).toHaveLength(10_000);
    await persistor.flush();

    const stored = storedRows(items, 'students');
    expect(stored.ids).toHaveLength(PERSISTED_ROWS);
    expect(stored.ids).toEqual(store.getState().students.ids.slice(0, PERSISTED_ROWS));
    expect(Object.keys(stored.entities).sort()).toEqual([...stored.ids].sort());
    expect(stored.keys.sort()).toEqual(['_persist', 'entities', 'ids']);
    // Bounded: a few kilobytes, where the whole list is about half a megabyte here.
    expect(items.get('persist:students')!.length).toBeLessThan(10_000);
  });

  it('a reload paints the stored first page; rows the database delivered first are kept', async () => {
    const { storage, items } = memoryStorage();
    const first = await started(storage);
    first.store.dispatch(students.fetchAll.fulfilled(rows(200), 'load'));
    await first.persistor.flush();

    // As the app does: the session first (/login holds no list), the lists once injected.
    const reloaded = makeStore(undefined, {}, memoryStorage(Object.fromEntries(items)).storage);
    const persistor = persistStore(reloaded);
    await vi.waitFor(() => expect(sessionRestored(reloaded.getState())).toBe(true));
    expect('students' in reloaded.getState()).toBe(false);
    reloaded.injectResources(resources, persistedList);
    persistor.persist();
    await vi.waitFor(() => expect(reloaded.getState().students.ids).toHaveLength(PERSISTED_ROWS));
    expect(reloaded.getState().students.entities.s00000?.name).toBe('Student 0');

    // The database answered before IndexedDB: its rows stay, even when there are none.
    for (const delivered of [rows(3), []]) {
      const slow = memoryStorage(Object.fromEntries(items), ['persist:students']);
      const store = listStore(slow.storage);
      persistStore(store);
      store.dispatch(students.fetchAll.fulfilled(delivered, 'load'));
      slow.release();
      await vi.waitFor(() =>
        expect(
          (store.getState().students as { _persist?: PersistState })._persist?.rehydrated,
        ).toBe(true),
      );
      expect(store.getState().students.ids).toEqual(delivered.map((r) => r.id));
    }
  });

  it('the session gates the first paint, the lists never do', async () => {
    // A list whose stored page never comes back does not hold the session.
    const { storage } = memoryStorage({}, ['persist:students', 'persist:orders']);
    const store = listStore(storage);
    const persistor = persistStore(store);
    await vi.waitFor(() => expect(sessionRestored(store.getState())).toBe(true));
    expect(persistor.getState().bootstrapped).toBe(false);
  });

  it('signing out clears the persisted store', async () => {
    // A key no slice of this version writes (e.g. a list an older version persisted whole).
    const { storage, items } = memoryStorage({ 'persist:legacy': '{"ids":"[\\"a\\"]"}' });
    const { store, persistor } = await started(storage);
    store.dispatch(students.fetchAll.fulfilled(rows(10_000), 'load'));
    await persistor.flush();
    expect(storedRows(items, 'students').ids).toHaveLength(PERSISTED_ROWS);

    store.dispatch(sessionCleared());
    await persistor.flush();
    await vi.waitFor(() => expect(storedRows(items, 'students').ids).toEqual([]));
    expect(storedRows(items, 'students').entities).toEqual({});
    expect(JSON.parse(JSON.parse(items.get('persist:auth') ?? '{}').session ?? 'null')).toBeNull();
    expect(items.has('persist:legacy')).toBe(false);
  });
});
