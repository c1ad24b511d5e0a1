import { configureStore, createEntityAdapter } from '@reduxjs/toolkit';
import type { AccountsApi, AccountRequest } from './accounts';
import {
  applyWatchBatch,
  createEntitySlice,
  STEPPED_ROWS,
  STEPS_FAILED,
  type ThunkExtra,
  newestFirst,
} from './entitySlice';
import type { EntityApi, WatchBatch } from './rtdb';
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

/**
 * An in-memory account workflow: counts the accounts made, and fails the steps listed in
 * `failing` once each (as a flaky upload or mail server would).
 */
function memoryAccounts(failing: Array<'record' | 'upload' | 'invitation'> = []) {
  const made: string[] = [];
  const requests: Array<AccountRequest<unknown>> = [];
  const pending = new Set(failing);
  const accounts: AccountsApi = {
    async create(_path, _owned, request) {
      requests.push(request as AccountRequest<unknown>);
      const uid = request.resume?.uid ?? `uid${made.push('x')}`;
      const steps = request.resume?.steps ?? ['record', 'upload', 'invitation'];
      const failures = steps
        .filter((step) => pending.delete(step))
        .map((step) => ({ step, error: { messageId: `failed/${step}` } }));
      return {
        uid,
        record: { ...request.record, id: uid },
        recordWritten: !failures.some((f) => f.step === 'record'),
        failures,
      };
    },
  };
  return { accounts, made, requests };
}

function setup(api = memoryApi(), accounts = memoryAccounts().accounts) {
  const entity = createEntitySlice<Item, Create, Modify>({
    name: 'items',
    messages: { created: 'Items.created', updated: 'Items.updated', deleted: 'Items.deleted' },
    sortComparer: (x, y) => x.name.localeCompare(y.name),
  });
  // The backend comes as the thunks' extraArgument, as the app's store gives it.
  const extra: ThunkExtra = { apis: { items: api }, accounts };
  const store = configureStore({
    reducer: { items: entity.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
  const all = () => entity.selectors.selectAll(store.getState().items);
  return { entity, store, all, state: () => store.getState().items };
}

/** The flags of a list that is being loaded (the first batch of a listen is awaited). */
const flagsLoading = {
  loading: true,
  error: null,
  loadError: null,
  success: false,
  deleted: false,
};

describe('newestFirst', () => {
  it('orders by createdAt, newest first, and equal times by key, last first (a first page)', () => {
    // An RTDB query orders equal values by key: limitToLast(2) of these reads c and b (then
    // shown c, b), so the whole list sorted must start with c, b too.
    const rows = [
      { id: 'a', createdAt: 1 },
      { id: 'b', createdAt: 2 },
      { id: 'd', createdAt: 1 },
      { id: 'c', createdAt: 2 },
    ];
    expect([...rows].sort(newestFirst).map((r) => r.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(
      [...rows]
        .reverse()
        .sort(newestFirst)
        .map((r) => r.id),
    ).toEqual(['c', 'b', 'd', 'a']);
  });
});

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

  it('a store without the api rejects with a clear error instead of calling Firebase', async () => {
    const entity = createEntitySlice<Item, Create, Modify>({ name: 'orphans' });
    const store = configureStore({
      reducer: { orphans: entity.reducer },
      middleware: (getDefault) =>
        getDefault({ thunk: { extraArgument: { apis: {}, accounts: memoryAccounts().accounts } } }),
    });
    await store.dispatch(entity.fetchAll());
    expect(store.getState().orphans.error?.raw).toMatch(/No api for the 'orphans' slice/);
  });
});

describe('createWithAccount (the one account workflow of users, students and tutors)', () => {
  const request = {
    account: { email: 'ana@tuition.test', isAdmin: false },
    record: { name: 'Ana' },
  };

  it('lists the record and carries the created toast when every step succeeds', async () => {
    const { accounts, made } = memoryAccounts();
    const { entity, store, all, state } = setup(memoryApi(), accounts);
    const action = await store.dispatch(entity.createWithAccount(request));
    expect(action.meta).toMatchObject({ requestStatus: 'fulfilled', toast: 'Items.created' });
    expect(all()).toEqual([{ id: 'uid1', name: 'Ana' }]);
    expect(made).toHaveLength(1);
    expect(state().success).toBe(true);
  });

  it('a failed step rejects with the uid and the failures, lists the written record', async () => {
    const { accounts } = memoryAccounts(['invitation']);
    const { entity, store, all, state } = setup(memoryApi(), accounts);
    const action = await store.dispatch(entity.createWithAccount(request));
    expect(action.payload).toMatchObject({
      messageId: STEPS_FAILED,
      uid: 'uid1',
      failures: [{ step: 'invitation', error: { messageId: 'failed/invitation' } }],
    });
    expect(all()).toEqual([{ id: 'uid1', name: 'Ana' }]);
    expect(state()).toMatchObject({ loading: false, success: false });
  });

  it('a retry runs only the failed steps with the same account: never a second one', async () => {
    const { accounts, made, requests } = memoryAccounts(['upload', 'invitation']);
    const { entity, store } = setup(memoryApi(), accounts);
    await store.dispatch(entity.createWithAccount(request));
    const retry = await store.dispatch(
      entity.createWithAccount({
        ...request,
        resume: { uid: 'uid1', steps: ['upload', 'invitation'] },
      }),
    );
    expect(retry.meta).toMatchObject({ requestStatus: 'fulfilled' });
    expect(made).toHaveLength(1);
    expect(requests[1]?.resume).toEqual({ uid: 'uid1', steps: ['upload', 'invitation'] });
  });

  it('a failed account (e-mail in use) rejects with its catalogue error and lists nothing', async () => {
    const inUse = Object.assign(new Error('auth/email-already-exists'), {
      code: 'functions/already-exists',
    });
    const accounts: AccountsApi = { create: () => Promise.reject(inUse) };
    const { entity, store, all, state } = setup(memoryApi(), accounts);
    await store.dispatch(entity.createWithAccount(request));
    expect(all()).toEqual([]);
    expect(state().error?.messageId).toBeTruthy();
  });

  it('watch: the first batch replaces the list, later ones upsert and remove; stop detaches', async () => {
    let emit: ((batch: WatchBatch<Item>) => void) | undefined;
    let detached = 0;
    const api: EntityApi<Item, Create, Modify> = {
      ...memoryApi(),
      watch: (onBatch) => {
        emit = onBatch;
        return () => detached++;
      },
    };
    const { entity, store, all, state } = setup(api);
    const stop = store.dispatch(entity.watch());
    expect(state().loading).toBe(true);
    await vi.waitFor(() => expect(emit).toBeDefined());
    emit?.({
      upserts: [
        { id: 'a', name: 'Alpha' },
        { id: 'b', name: 'Beta' },
      ],
      removals: [],
      initial: true,
    });
    expect(all().map((r) => r.name)).toEqual(['Alpha', 'Beta']);
    expect(state().loading).toBe(false);
    emit?.({ upserts: [{ id: 'c', name: 'Ceta' }], removals: ['a'], initial: false });
    expect(all().map((r) => r.name)).toEqual(['Beta', 'Ceta']);
    stop();
    expect(detached).toBe(1);
  });

  it('watch: a large first batch is prepared in steps, later batches wait for it', async () => {
    type Row = Item & { rank: number };
    let emit: ((batch: WatchBatch<Row>) => void) | undefined;
    const entity = createEntitySlice<Row, Create, Modify>({
      name: 'ranked',
      sortComparer: (a, b) => b.rank - a.rank,
    });
    const api = {
      ...memoryApi(),
      watch: (onBatch: (batch: WatchBatch<Row>) => void) => {
        emit = onBatch;
        return () => undefined;
      },
    } as unknown as EntityApi<Row, Create, Modify>;
    const store = configureStore({
      reducer: { ranked: entity.reducer },
      middleware: (getDefault) =>
        getDefault({
          thunk: { extraArgument: { apis: { ranked: api }, accounts: memoryAccounts().accounts } },
          // Dev checks walking 20,000 rows are not what is tested.
          serializableCheck: false,
          immutableCheck: false,
        }),
    });
    store.dispatch(entity.watch());
    await vi.waitFor(() => expect(emit).toBeDefined());
    const count = STEPPED_ROWS * 4;
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const upserts = Array.from({ length: count }, (_, i) => ({
      id: `r${i}`,
      name: `N${i}`,
      rank: Math.floor(next() * 50),
    }));
    let tasks = 0;
    const counting = setInterval(() => (tasks += 1), 0);
    emit?.({ upserts, removals: ['r1'], initial: true });
    // Not in the task that delivered it; a change arriving meanwhile waits for it.
    expect(store.getState().ranked.ids).toEqual([]);
    emit?.({ upserts: [{ id: 'r0', name: 'Moved', rank: 99 }], removals: [], initial: false });
    await vi.waitFor(() => expect(store.getState().ranked.loading).toBe(false), {
      timeout: 10_000,
    });
    clearInterval(counting);
    expect(tasks).toBeGreaterThan(0);
    const adapter = createEntityAdapter<Row, string>({
      selectId: (r) => r.id,
      sortComparer: (a, b) => b.rank - a.rank,
    });
    const expected = adapter.removeMany(adapter.setAll(adapter.getInitialState(), upserts), ['r1']);
    const state = store.getState().ranked;
    expect(state.ids.slice(1)).toEqual(expected.ids.filter((id) => id !== 'r0'));
    expect(state.ids[0]).toBe('r0');
    expect(entity.selectors.selectAll(state)[0]).toMatchObject({ name: 'Moved' });
    expect(entity.selectors.selectAll(state)).toHaveLength(count - 1);
  });

  it("watch: a failed listen is the list's load error", async () => {
    const api: EntityApi<Item, Create, Modify> = {
      ...memoryApi(),
      watch: (_onBatch, onError) => {
        onError(Object.assign(new Error('denied'), { code: 'PERMISSION_DENIED' }));
        return () => undefined;
      },
    };
    const { entity, store, state } = setup(api);
    store.dispatch(entity.watch());
    await vi.waitFor(() => expect(state().loadError).not.toBeNull());
    expect(state().loading).toBe(false);
  });

  it('watch batches without Immer: the same state as the adapter, sorted or not', () => {
    // A deterministic pseudo-random source (an LCG), so a failure replays.
    let seed = 16;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    type Row = Item & { rank: number };
    const byRankDesc = (a: Row, b: Row) => b.rank - a.rank;
    for (const sortComparer of [byRankDesc, undefined]) {
      const adapter = createEntityAdapter<Row, string>({
        selectId: (r) => r.id,
        ...(sortComparer ? { sortComparer } : {}),
      });
      // Few ranks: many ties, where the sorted adapter puts a changed row after its equals.
      const row = (id: string): Row => ({ id, name: `N${next()}`, rank: Math.floor(next() * 5) });
      let expected = adapter.setAll(
        adapter.getInitialState(),
        Array.from({ length: 40 }, (_, i) => row(`r${i}`)),
      );
      let actual = expected;
      for (let step = 0; step < 300; step++) {
        const ids = expected.ids;
        const pickId = () => ids[Math.floor(next() * ids.length)] ?? 'r0';
        const upserts = Array.from({ length: Math.floor(next() * 4) }, () =>
          next() < 0.7 ? row(pickId()) : row(`new${step}-${next()}`),
        );
        const removals = Array.from({ length: Math.floor(next() * 2) }, pickId).filter(
          (id) => !upserts.some((u) => u.id === id),
        );
        const before = actual;
        expected = adapter.removeMany(adapter.setMany(expected, upserts), removals);
        actual = applyWatchBatch(actual, { upserts, removals }, sortComparer);
        expect(actual.entities).toEqual(expected.entities);
        if (sortComparer) {
          // The same rows, sorted; among equals a row whose key did not change keeps its place,
          // where the adapter moves it behind its equals.
          expect([...actual.ids].sort()).toEqual([...expected.ids].sort());
          const rows = actual.ids.map((id) => actual.entities[id] as Row);
          rows.forEach((r, i) => {
            if (i > 0) expect(sortComparer(rows[i - 1] as Row, r)).toBeLessThanOrEqual(0);
          });
          const kept = before.ids.filter(
            (id) =>
              id in actual.entities &&
              (actual.entities[id] as Row).rank === (before.entities[id] as Row).rank,
          );
          expect(actual.ids.filter((id) => kept.includes(id))).toEqual(kept);
        } else expect(actual.ids).toEqual(expected.ids);
        // The held state is never changed in place (selectors compare by reference).
        if (upserts.length + removals.length > 0) expect(actual.entities).not.toBe(before.entities);
      }
    }
  });

  it('a first watch batch replaces the held rows as the adapter would, without Immer', () => {
    const { reducer, synced, adapter } = createEntitySlice<Item, Create, Modify>({ name: 'items' });
    const held = reducer(
      undefined,
      synced({ upserts: [{ id: 'old', name: 'Old' }], removals: [], initial: true }),
    );
    // A listen started again (Retry): the slice is loading and its first batch is every row.
    const loading = { ...held, loading: true };
    const upserts = [
      { id: 'b', name: 'Beta' },
      { id: 'a', name: 'Alpha' },
      { id: 'b', name: 'Beta 2' },
      { id: 'c', name: 'Ceta' },
    ];
    const next = reducer(loading, synced({ upserts, removals: ['c'], initial: true }));
    const expected = adapter.removeMany(adapter.setAll(loading, upserts), ['c']);
    expect(next.ids).toEqual(expected.ids);
    expect(next.entities).toEqual(expected.entities);
    expect(next.ids).toEqual(['b', 'a']);
    expect(next.loading).toBe(false);
    expect(held.entities.old?.name).toBe('Old');
  });

  it('a first watch batch of a sorted slice is sorted as the adapter sorts it, without Immer', () => {
    type Row = Item & { rank: number };
    const { reducer, synced, adapter } = createEntitySlice<Row, Create, Modify>({
      name: 'ranked',
      sortComparer: (a, b) => b.rank - a.rank,
    });
    // Ties (rank 1 twice) keep the order the rows first came in; the last row given per id wins.
    const upserts: Row[] = [
      { id: 'x', name: 'X', rank: 1 },
      { id: 'y', name: 'Y', rank: 3 },
      { id: 'z', name: 'Z', rank: 1 },
      { id: 'y', name: 'Y 2', rank: 0 },
      { id: 'w', name: 'W', rank: 2 },
      { id: 'v', name: 'V', rank: 5 },
    ];
    const loading = { ...adapter.getInitialState(), ...flagsLoading };
    const next = reducer(loading, synced({ upserts, removals: ['v'], initial: true }));
    // Immer freezes every row it drafts; this path leaves the rows as given.
    expect(Object.isFrozen(upserts[4])).toBe(false);
    const expected = adapter.removeMany(adapter.setAll(loading, upserts), ['v']);
    expect(next.ids).toEqual(expected.ids);
    expect(next.ids).toEqual(['w', 'x', 'z', 'y']);
    expect(next.entities).toEqual(expected.entities);
    expect(next.loading).toBe(false);
    // Not drafted by Immer: the very row objects given, in frozen containers.
    expect(next.entities.w).toBe(upserts[4]);
    expect(Object.isFrozen(next.ids)).toBe(true);
    expect(Object.isFrozen(next.entities)).toBe(true);
  });

  it('selectAll after live batches: the rows in ids order, the same array while nothing changes', () => {
    type Row = Item & { rank: number };
    const { reducer, synced, selectors } = createEntitySlice<Row, Create, Modify>({
      name: 'ranked',
      sortComparer: (a, b) => b.rank - a.rank,
    });
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const row = (id: string, rank = Math.floor(next() * 1000)): Row => ({
      id,
      name: `N${next()}`,
      rank,
    });
    let state = reducer(
      undefined,
      synced({
        upserts: Array.from({ length: 30 }, (_, i) => row(`r${i}`)),
        removals: [],
        initial: true,
      }),
    );
    let rows = selectors.selectAll(state);
    for (let step = 0; step < 200; step++) {
      const held = state.ids[Math.floor(next() * state.ids.length)] ?? 'r0';
      const kind = next();
      // Mostly a field changed in place (the order kept), sometimes a move, an addition or a removal.
      const batch =
        kind < 0.6
          ? {
              upserts: [{ ...(state.entities[held] as Row), name: `renamed ${step}` }],
              removals: [],
            }
          : kind < 0.75
            ? { upserts: [row(held)], removals: [] }
            : kind < 0.9
              ? { upserts: [row(`new${step}`)], removals: [] }
              : { upserts: [], removals: [held] };
      const before = state;
      state = reducer(state, synced({ ...batch, initial: false }));
      const now = selectors.selectAll(state);
      expect(now).toEqual(state.ids.map((id) => state.entities[id]));
      // The rows of the state before are left as they were.
      expect(selectors.selectAll(before)).toBe(rows);
      expect(rows).toEqual(before.ids.map((id) => before.entities[id]));
      expect(selectors.selectAll(state)).toBe(now);
      rows = now;
    }
  });

  it('a row changed without changing its sort key keeps its place among its equals', () => {
    type Row = Item & { rank: number };
    const { reducer, synced } = createEntitySlice<Row, Create, Modify>({
      name: 'ranked',
      sortComparer: (a, b) => b.rank - a.rank,
    });
    const first = reducer(
      undefined,
      synced({
        upserts: [
          { id: 'a', name: 'A', rank: 2 },
          { id: 'b', name: 'B', rank: 1 },
          { id: 'c', name: 'C', rank: 1 },
          { id: 'd', name: 'D', rank: 1 },
        ],
        removals: [],
        initial: true,
      }),
    );
    const renamed = reducer(
      first,
      synced({ upserts: [{ id: 'b', name: 'Bee', rank: 1 }], removals: [], initial: false }),
    );
    expect(renamed.ids).toBe(first.ids);
    expect(renamed.entities.b?.name).toBe('Bee');
    const moved = reducer(
      renamed,
      synced({ upserts: [{ id: 'c', name: 'C', rank: 3 }], removals: [], initial: false }),
    );
    expect(moved.ids).toEqual(['c', 'a', 'b', 'd']);
  });

  it("a watch batch that moves no row keeps the slice's ids array", () => {
    const { reducer, synced } = createEntitySlice<Item, Create, Modify>({ name: 'items' });
    const first = reducer(
      undefined,
      synced({ upserts: [{ id: 'a', name: 'Alpha' }], removals: [], initial: true }),
    );
    const renamed = reducer(
      first,
      synced({ upserts: [{ id: 'a', name: 'Ante' }], removals: [], initial: false }),
    );
    expect(renamed.ids).toBe(first.ids);
    expect(renamed.entities.a?.name).toBe('Ante');
    expect(first.entities.a?.name).toBe('Alpha');
  });
});
