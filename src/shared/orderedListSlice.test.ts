import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { AccountsApi } from './accounts';
import type { ThunkExtra } from './entitySlice';
import { createOrderedListSlice, type OrderedRecord } from './orderedListSlice';
import type { EntityApi, RecordCreate, RecordModify } from './rtdb';

type Row = OrderedRecord & { countryId: string };
type Api = EntityApi<Row, RecordCreate<Row>, RecordModify<Row>>;

/** An in-memory EntityApi (the RTDB one is exercised by the browser tests). */
function memoryApi(rows: Row[]): Api {
  const stored = new Map(rows.map((r) => [r.id, r]));
  return {
    list: async () => [...stored.values()],
    get: async (id) => stored.get(id) as Row,
    create: async (input) => {
      const row = { ...input, id: `n${stored.size}` } as Row;
      stored.set(row.id, row);
      return row;
    },
    modify: async ({ id, changes }) => {
      const row = { ...(stored.get(id) as Row), ...changes };
      stored.set(id, row);
      return row;
    },
    remove: async (id) => {
      stored.delete(id);
    },
  };
}

const row = (id: string, order: number, isObsolete = false): Row => ({
  id,
  name: id.toUpperCase(),
  order,
  isObsolete,
  countryId: 'SG',
});

function setup() {
  const list = createOrderedListSlice<Row, 'rooms'>({ name: 'rooms', messagePrefix: 'Rooms' });
  const api = memoryApi([row('b', 1), row('old', 0, true), row('a', 1), row('c', 0)]);
  const extra: ThunkExtra = { apis: { rooms: api }, accounts: {} as AccountsApi };
  const store = configureStore({
    reducer: { rooms: list.entity.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
  return { list, store };
}

describe('createOrderedListSlice (field levels, schools, subjects)', () => {
  it('sorts by order then name; the active selector drops obsolete records', async () => {
    const { list, store } = setup();
    await store.dispatch(list.entity.fetchAll());
    const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
    expect(ids(list.selectAll(store.getState()))).toEqual(['c', 'old', 'a', 'b']);
    expect(ids(list.selectActive(store.getState()))).toEqual(['c', 'a', 'b']);
    expect(list.selectState(store.getState()).loading).toBe(false);
  });

  it('toasts `${messagePrefix}.created|updated|deleted` (spec section 8)', async () => {
    const { list, store } = setup();
    const created = await store.dispatch(
      list.entity.create({ name: 'D', order: 0, isObsolete: false, countryId: 'SG' }),
    );
    expect(created.meta).toMatchObject({ toast: 'Rooms.created' });
    const id = (created.payload as Row).id;
    const updated = await store.dispatch(list.entity.modify({ id, changes: { name: 'E' } }));
    expect(updated.meta).toMatchObject({ toast: 'Rooms.updated' });
    const deleted = await store.dispatch(list.entity.remove(id));
    expect(deleted.meta).toMatchObject({ toast: 'Rooms.deleted' });
    expect(list.selectState(store.getState()).deleted).toBe(true);
  });

  it('applies a reorder and re-sorts', () => {
    const { list } = setup();
    const loaded = list.entity.reducer(
      undefined,
      list.entity.fetchAll.fulfilled([row('a', 0), row('b', 1)], 'r'),
    );
    const next = list.entity.reducer(
      loaded,
      list.entity.reorder.fulfilled(
        [
          { id: 'a', order: 1 },
          { id: 'b', order: 0 },
        ],
        'r',
        { a: 1, b: 0 },
      ),
    );
    expect(list.selectAll({ rooms: next }).map((r) => r.id)).toEqual(['b', 'a']);
  });
});
