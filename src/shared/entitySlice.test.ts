import { configureStore } from '@reduxjs/toolkit';
import { createEntitySlice } from './entitySlice';
import type { EntityApi } from './rtdb';
import { sessionCleared } from './session';

interface Item {
  id: string;
  name: string;
}
type Create = { name: string };
type Modify = { id: string; changes: Partial<Item> };

/**
 * An in-memory EntityApi: the factory's state machine does not depend on Firebase (the RTDB
 * implementation is exercised end to end by the browser tests).
 */
function memoryApi(fail: Partial<Record<keyof EntityApi<Item, Create, Modify>, unknown>> = {}) {
  const rows = new Map<string, Item>([['a', { id: 'a', name: 'Alpha' }]]);
  let next = 0;
  const maybeFail = (op: keyof typeof fail) => {
    if (op in fail) throw fail[op];
  };
  const api: EntityApi<Item, Create, Modify> = {
    list: async () => (maybeFail('list'), [...rows.values()]),
    get: async (id) => {
      maybeFail('get');
      const row = rows.get(id);
      if (!row) throw Object.assign(new Error('missing'), { code: 'not-found' });
      return row;
    },
    create: async ({ name }) => {
      maybeFail('create');
      const row = { id: `n${next++}`, name };
      rows.set(row.id, row);
      return row;
    },
    modify: async ({ id, changes }) => {
      maybeFail('modify');
      const row = { ...(rows.get(id) as Item), ...changes };
      rows.set(id, row);
      return row;
    },
    remove: async (id) => {
      maybeFail('remove');
      rows.delete(id);
    },
  };
  return api;
}

function setup(api = memoryApi()) {
  const entity = createEntitySlice<Item, Create, Modify>({
    name: 'items',
    api,
    messages: { created: 'Items.created', updated: 'Items.updated', deleted: 'Items.deleted' },
    sortComparer: (x, y) => x.name.localeCompare(y.name),
  });
  const store = configureStore({ reducer: { items: entity.reducer } });
  const all = () => entity.selectors.selectAll(store.getState().items);
  return { entity, store, all, state: () => store.getState().items };
}

describe('createEntitySlice', () => {
  it('fetch sets loading, then fills data', async () => {
    const { entity, store, all, state } = setup();
    const pending = store.dispatch(entity.fetchAll());
    expect(state().loading).toBe(true);
    await pending;
    expect(state().loading).toBe(false);
    expect(all()).toEqual([{ id: 'a', name: 'Alpha' }]);
  });

  it('create appends the item, sets success and carries the success toast id', async () => {
    const { entity, store, all, state } = setup();
    const action = await store.dispatch(entity.create({ name: 'Beta' }));
    expect(action.meta).toMatchObject({ toast: 'Items.created' });
    expect(all().map((i) => i.name)).toEqual(['Beta']);
    expect(state().success).toBe(true);
  });

  it('modify replaces the item and sets success', async () => {
    const { entity, store, all, state } = setup();
    await store.dispatch(entity.fetchAll());
    await store.dispatch(entity.modify({ id: 'a', changes: { name: 'Aleph' } }));
    expect(all()).toEqual([{ id: 'a', name: 'Aleph' }]);
    expect(state().success).toBe(true);
  });

  it('delete removes the item and sets deleted', async () => {
    const { entity, store, all, state } = setup();
    await store.dispatch(entity.fetchAll());
    const action = await store.dispatch(entity.remove('a'));
    expect(action.meta).toMatchObject({ toast: 'Items.deleted' });
    expect(all()).toEqual([]);
    expect(state().deleted).toBe(true);
  });

  it('a failure keeps the data and stores the catalogue error', async () => {
    const denied = Object.assign(new Error('Unauthorized'), { code: 'storage/unauthorized' });
    const { entity, store, all, state } = setup(memoryApi({ remove: denied }));
    await store.dispatch(entity.fetchAll());
    await store.dispatch(entity.remove('a'));
    expect(all()).toHaveLength(1);
    expect(state().error).toEqual({ messageId: 'storage/unauthorized' });
    expect(state().loading).toBe(false);
    // Only a failed load replaces the rows by 'Show error' (spec section 2).
    expect(state().loadError).toBeNull();
  });

  it('an unknown failure keeps the raw message (spec 8: fetch failures show the raw error)', async () => {
    const { entity, store, state } = setup(memoryApi({ list: new Error('socket closed') }));
    await store.dispatch(entity.fetchAll());
    expect(state().error).toEqual({ messageId: 'errors/unknown', raw: 'socket closed' });
    expect(state().loadError).toEqual(state().error);
  });

  it('cleanUp resets the flags but keeps the data', async () => {
    const { entity, store, all, state } = setup();
    await store.dispatch(entity.create({ name: 'Beta' }));
    store.dispatch(entity.actions.cleanUp());
    expect(state()).toMatchObject({ loading: false, error: null, success: false, deleted: false });
    expect(all()).toHaveLength(1);
  });

  it('logout (sessionCleared) empties the list', async () => {
    const { entity, store, all } = setup();
    await store.dispatch(entity.fetchAll());
    store.dispatch(sessionCleared());
    expect(all()).toEqual([]);
  });
});
