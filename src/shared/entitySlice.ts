/**
 * The one entity-slice factory (spec section 4). Every entity list (users, levels, field levels,
 * schools, subjects, countries, students, tutors, orders) is a slice made here, so the state
 * machine below exists once:
 *
 * - state: the records (a createEntityAdapter collection: `ids` + `entities`, read as `data` by
 *   `selectors.selectAll`), and the flags `loading`, `error`, `success`, `deleted`;
 * - fetch: loading, then the records or an error; watch: the same, then every change by anyone
 *   (live listeners: another admin's change shows without a reload);
 * - create: appends the record and sets success; modify: replaces it and sets success;
 * - delete: removes it and sets deleted;
 * - cleanUp: resets loading, error, success and deleted;
 * - sessionCleared (logout): back to the initial state.
 *
 * - createWithAccount (users, students, tutors): the one account workflow (shared/accounts):
 *   account, then record, files and invitation; a failed step rejects with the account's uid and
 *   the failures so Retry runs only those (never a second account).
 *
 * The backend comes from the thunk `extraArgument` (ThunkExtra: `apis[name]`, `accounts`), which
 * the app's store fills from the resource registry and unit tests fill with in-memory apis.
 * Thunks reject with an AppError (shared/errors) as their payload; the app shows it as a toast.
 * Success toasts come from `messages` (spec section 8 texts, as catalogue ids), carried on the
 * fulfilled action's `meta.toast` so one listener in the app can show them.
 */
import {
  createAction,
  createAsyncThunk,
  type AsyncThunk,
  createEntityAdapter,
  createSlice,
  type ActionReducerMapBuilder,
  type EntityAdapter,
  type EntityState,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { AccountRequest, AccountsApi, StepFailure } from './accounts';
import { toAppError, type AppError, UNKNOWN_ERROR } from './errors';
import type { OwnedFile } from './ownedFiles';
import { byOrderThenName, createReorderThunk } from './reorder';
import type { EntityApi, Unsubscribe, WatchBatch } from './rtdb';
import { resolveLazy, type Lazy } from './lazy';
import { sessionCleared } from './session';
import { runInSlices, runSteps, sortSteps, soon, STEP, type Steps } from './steps';

export { resolveLazy, type Lazy } from './lazy';

/**
 * The store's thunk `extraArgument`: the backend every slice thunk uses.
 * - `apis`: each entity's EntityApi by slice name (the resource registry's `api`);
 * - `accounts`: the account workflow (shared/accounts `accountsApi`).
 */
export interface ThunkExtra {
  apis: Record<string, Lazy<unknown>>;
  accounts: Lazy<AccountsApi>;
}

/**
 * The EntityApi of slice `name` from the thunk's extra argument.
 * @throws Error when the store was made without an api for it (a wiring mistake).
 */
export function entityApiOf<T extends { id: string }, C, M extends { id: string }>(
  extra: ThunkExtra,
  name: string,
): Promise<EntityApi<T, C, M>> {
  const api = extra.apis[name];
  if (!api) return Promise.reject(new Error(`No api for the '${name}' slice in the store`));
  return resolveLazy(api as Lazy<EntityApi<T, C, M>>);
}

/**
 * The rejected payload of `createWithAccount`. With `uid` the account exists and `failures` lists
 * the steps to retry (as `resume`); `record` is set when the record itself was written.
 */
export interface AccountError<T = unknown> extends AppError {
  uid?: string;
  failures?: StepFailure[];
  record?: T;
}

/** Message id of a create whose account exists but some follow-up step failed. */
export const STEPS_FAILED = 'FollowUp.failed';

/** The state of one entity list (spec section 4). */
export interface EntityListState<T extends { id: string }> extends EntityState<T, string> {
  loading: boolean;
  /** The last failure of any operation (spec section 4). */
  error: AppError | null;
  /**
   * The failure of the last list load, the only one that replaces the rows by 'Show error'
   * (spec section 2); a failed save or delete leaves the list on screen and shows a toast.
   */
  loadError: AppError | null;
  success: boolean;
  deleted: boolean;
}

/** Message ids shown as success toasts (spec section 8), per operation. */
export interface EntityMessages {
  created?: string;
  updated?: string;
  deleted?: string;
}

/**
 * Newest first by `createdAt` (ms), and records created in the same millisecond by key, last key
 * first: the order of a list's first page, which an indexed RTDB query reads
 * (`orderByChild('createdAt').limitToLast(n)`: equal values ordered by key, shown from the last),
 * so the whole list, when it replaces that page, keeps the rows it showed where they were.
 * Keys compare by code unit, as RTDB orders keys that are not integers (Auth uids, push ids).
 */
export function newestFirst(
  a: { id: string; createdAt: number },
  b: { id: string; createdAt: number },
): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export interface EntitySliceOptions<T extends { id: string }> {
  /**
   * Slice name, action-type prefix, key of its api in ThunkExtra `apis` and, for
   * createWithAccount, the database path of its records, e.g. 'users'.
   */
  name: string;
  messages?: EntityMessages;
  /** The files a record owns (createWithAccount uploads them), e.g. a user's logo. */
  files?: readonly OwnedFile[];
  /** Order of `selectAll`; default: the order records were loaded or added. */
  sortComparer?: (a: T, b: T) => number;
  /**
   * Records carry an `order` the list lets admins change (spec section 3: field levels, schools,
   * subjects): the slice gets a `reorder` thunk (shared/reorder, one multi-path update of the
   * changed `order` values) whose result it applies, and sorts by `order` then name.
   */
  reorderable?: boolean;
  /** Extra reducers for a feature's own thunks, given the adapter. */
  extraReducers?: (
    builder: ActionReducerMapBuilder<EntityListState<T>>,
    adapter: EntityAdapter<T, string>,
  ) => void;
}

/** `meta.toast` on a fulfilled action: the catalogue id of the success message to show. */
export interface ToastMeta {
  toast?: string;
}

/**
 * The argument of `remove`: an id, or `{ id, quiet: true }` for a delete that is one of many (a
 * list's bulk delete): the same delete, without its own success or failure toast, since the
 * caller shows one summary of them all (src/app/notifications.ts skips thunks whose argument is
 * quiet).
 */
export type RemoveRequest = string | { id: string; quiet: true };

type ReadConfig = { rejectValue: AppError; extra: ThunkExtra };
type WriteConfig = { rejectValue: AppError; fulfilledMeta: ToastMeta; extra: ThunkExtra };
type AccountConfig<T> = {
  rejectValue: AccountError<T>;
  fulfilledMeta: ToastMeta;
  extra: ThunkExtra;
};

/** The flags of a list, as the reducers below touch them (drafts included). */
interface Flags {
  loading: boolean;
  error: AppError | null;
  loadError: AppError | null;
  success: boolean;
  deleted: boolean;
}

/**
 * A followed list's later batch (`synced`, not `initial`) applied to the slice state without
 * Immer, with the same outcome as the adapter's `setMany(upserts)` then `removeMany(removals)`:
 * - sorted (`sortComparer`): a held row that compares equal to the row it replaces (its sort key
 *   unchanged: a rename in a list sorted by date) keeps its place; any other upserted row leaves
 *   its place and is inserted after the rows it compares equal to (Redux Toolkit's sorted
 *   adapter's binary insertion). The adapter moves every upserted row so: a rename would move the
 *   row behind the others of the same date (a jump in the list) and give a new `ids` array, so
 *   that selectAll's rows could not be carried over (carryRows);
 * - unsorted: a held row keeps its place, a new one is appended;
 * - removed ids leave `ids` and `entities`; `ids` stays the same array when its order is
 *   unchanged (selectors memoised on it keep their result).
 * Why (a remote change must show in < 300 ms at 50,000 rows): through Immer the adapter drafted
 * and copied the 50,000-key `entities` several times per batch (drafts, `current()`); this copies
 * it once and moves only the k changed ids: O(n) copying plus O(k log n) comparisons (figures in
 * docs/performance.md, "How a list reads").
 * @returns a new state; `state` is not changed.
 */
export function applyWatchBatch<T extends { id: string }, S extends EntityState<T, string>>(
  state: S,
  batch: Pick<WatchBatch<T>, 'upserts' | 'removals'>,
  sortComparer?: (a: T, b: T) => number,
): S {
  if (batch.upserts.length === 0 && batch.removals.length === 0) return state;
  // The last row given per id, in the order the ids first appear (as the adapter dedupes).
  const upserts = new Map<string, T>();
  for (const row of batch.upserts) upserts.set(row.id, row);
  const removed = new Set(batch.removals);
  // Copied key by key from `ids` (the adapter keeps exactly the keys of `entities` there): about
  // twice as fast as a spread of a 50,000-key object in V8.
  const entities: Record<string, T> = {};
  for (const id of state.ids) entities[id] = state.entities[id] as T;
  let ids: string[];
  if (sortComparer) {
    // A held row whose sort key is unchanged stays where it is; the others leave and come back.
    const staying = new Set<string>();
    const leaving = new Set<string>();
    for (const [id, row] of upserts) {
      if (!(id in entities)) continue;
      if (!removed.has(id) && sortComparer(row, entities[id] as T) === 0) staying.add(id);
      else leaving.add(id);
    }
    for (const id of removed) if (id in entities) leaving.add(id);
    ids = withoutIds(state.ids, leaving);
    // The staying rows first: the insertions below compare against them.
    for (const id of staying) entities[id] = upserts.get(id) as T;
    for (const [id, row] of upserts) {
      if (staying.has(id)) continue;
      entities[id] = row;
      if (removed.has(id)) continue;
      // After the last row that compares equal (Redux Toolkit's findInsertIndex).
      let low = 0;
      let high = ids.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (sortComparer(row, entities[ids[middle] as string] as T) >= 0) low = middle + 1;
        else high = middle;
      }
      ids.splice(low, 0, id);
    }
  } else {
    const added = [...upserts.keys()].filter((id) => !(id in entities));
    for (const [id, row] of upserts) entities[id] = row;
    ids = withoutIds(state.ids, removed);
    ids.push(...added.filter((id) => !removed.has(id)));
  }
  for (const id of removed) delete entities[id];
  const same = ids.length === state.ids.length && ids.every((id, i) => id === state.ids[i]);
  // Frozen for Immer (see replaceAll).
  return {
    ...state,
    ids: same ? state.ids : Object.freeze(ids),
    entities: Object.freeze(entities),
  };
}

/**
 * A followed list's first batch made ready for the slice: `ids` in their order, `entities` by id,
 * `rows` the records in `ids` order (selectAll's answer).
 */
export interface PreparedRows<T> {
  ids: string[];
  entities: Record<string, T>;
  rows: T[];
}

/**
 * The payload of a followed list's batch in the slice: the api's batch and, for a large first
 * batch, its rows already prepared in steps by the `watch` thunk (the reducer then only installs
 * them).
 */
export type SyncedBatch<T> = WatchBatch<T> & { prepared?: PreparedRows<T> };

/** Rows of a first batch above which `watch` prepares it in steps between input and paints. */
export const STEPPED_ROWS = 5_000;
/** Longest slice of a first batch's preparation, ms (a keystroke meanwhile waits at most that). */
const PREPARE_SLICE_MS = 8;

/**
 * A followed list's first batch (every row) prepared, with the adapter's outcome of
 * `setAll(upserts)` then `removeMany(removals)`: ids in the order the rows first appear (the last
 * row given per id), then, for a sorted slice, in a stable sort by `sortComparer` (as Redux
 * Toolkit's sorted adapter sorts the rows of a setAll). The rows are sorted, not the ids: no two
 * lookups per comparison (~800,000 comparisons at 50,000). In steps (shared/steps), or with
 * `now` at once with the engine's sort (about twice as fast; the same stable order).
 */
function* prepareSteps<T extends { id: string }>(
  batch: Pick<WatchBatch<T>, 'upserts' | 'removals'>,
  sortComparer: ((a: T, b: T) => number) | undefined,
  now: boolean,
): Steps<PreparedRows<T>> {
  const entities: Record<string, T> = {};
  let ids: string[] = [];
  let n = 0;
  for (const row of batch.upserts) {
    if (!(row.id in entities)) ids.push(row.id);
    entities[row.id] = row;
    if (++n % STEP === 0 && !now) yield;
  }
  if (batch.removals.length > 0) {
    const removed = new Set(batch.removals.filter((id) => id in entities));
    for (const id of removed) delete entities[id];
    if (removed.size > 0) ids = ids.filter((id) => !removed.has(id));
  }
  let rows = ids.map((id) => entities[id] as T);
  if (sortComparer) {
    if (now) rows.sort(sortComparer);
    else rows = yield* sortSteps(rows, sortComparer);
    ids = rows.map((row) => row.id);
  }
  return { ids, entities, rows };
}

/**
 * A followed list's first batch as the slice's state, without Immer (its prepared rows, or
 * prepareSteps at once), and `loading` false. Through Immer the adapter's setAll of 50,000 rows
 * held the main thread for hundreds of ms just as the list arrived (drafts and a frozen copy of
 * every row), delaying a keystroke typed meanwhile.
 * `ids` and `entities` are frozen, shallowly: the slice's next action through Immer deep-freezes
 * a state it finds unfrozen, walking every row (80 ms at 10,000 rows in a Chromium profile), and
 * stops at an object already frozen.
 * @returns a new state; `state` is not changed.
 */
function replaceAll<T extends { id: string }, S extends EntityState<T, string> & Flags>(
  state: S,
  batch: SyncedBatch<T>,
  sortComparer?: (a: T, b: T) => number,
): S {
  const { ids, entities, rows } =
    batch.prepared ?? runSteps(prepareSteps(batch, sortComparer, true));
  const next = {
    ...state,
    ids: Object.freeze(ids),
    entities: Object.freeze(entities),
    loading: false,
  };
  rowsByEntities.set(next.entities, { ids: next.ids, rows });
  return next;
}

/**
 * The rows array of each `entities` object a slice state held (`ids` in order): `selectAll`'s
 * memo. Keyed by the `entities` object, so states that share it share the answer, and the arrays
 * go with their states.
 */
const rowsByEntities = new WeakMap<object, { ids: readonly string[]; rows: readonly unknown[] }>();

/**
 * The records of a slice state in `ids` order (the adapter's `selectAll`), the same array for
 * the same `ids` and `entities`. Also filled by carryRows for a live batch, so that a change of
 * a few rows does not map all 50,000 ids again (one hash lookup each, a visible part of a remote
 * change's cost in a Chromium profile at that size).
 */
function selectRows<T>(state: EntityState<T, string>): T[] {
  const known = rowsByEntities.get(state.entities);
  if (known && known.ids === state.ids) return known.rows as T[];
  const rows = state.ids.map((id) => state.entities[id] as T);
  rowsByEntities.set(state.entities, { ids: state.ids, rows });
  return rows;
}

/** Upserts of a batch up to which carryRows patches the previous rows array. */
const CARRIED_UPSERTS = 16;

/**
 * After a live batch that kept the order of `ids` (applyWatchBatch returned the same array: rows
 * changed in place, none added, removed or moved), `next`'s rows array is `previous`'s with the
 * changed rows replaced: an array copy and k lookups instead of selectRows' n. Nothing is done
 * (selectRows maps the ids when asked) when `previous` had no rows array or the order changed.
 */
function carryRows<T extends { id: string }>(
  previous: EntityState<T, string>,
  next: EntityState<T, string>,
  upserts: readonly T[],
): void {
  if (next === previous || next.ids !== previous.ids || upserts.length > CARRIED_UPSERTS) return;
  const known = rowsByEntities.get(previous.entities);
  if (!known || known.ids !== previous.ids) return;
  const rows = known.rows.slice();
  for (const { id } of upserts) {
    const at = next.ids.indexOf(id);
    if (at >= 0) rows[at] = next.entities[id];
  }
  rowsByEntities.set(next.entities, { ids: next.ids, rows });
}

/** A copy of `ids` without `leaving`: one indexOf per id for a few, else one filtering pass. */
function withoutIds(ids: readonly string[], leaving: ReadonlySet<string>): string[] {
  const out = ids.slice();
  if (leaving.size > 16) return out.filter((id) => !leaving.has(id));
  for (const id of leaving) {
    const at = out.indexOf(id);
    if (at >= 0) out.splice(at, 1);
  }
  return out;
}

/**
 * Makes the slice, its thunks and selectors for one entity.
 * @returns `reducer`, `actions` (incl. cleanUp), thunks `fetchAll`, `fetchOne`, `create`,
 *   `modify`, `remove`, `createWithAccount`, the `adapter` and selectors over the slice state.
 */
export function createEntitySlice<T extends { id: string }, C, M extends { id: string }>(
  options: EntitySliceOptions<T>,
) {
  const { name, messages = {}, files = [], reorderable = false } = options;
  const sortComparer =
    options.sortComparer ?? (reorderable ? (byOrderThenName as (a: T, b: T) => number) : undefined);
  const reorder = createReorderThunk(name, name);
  const adapter = createEntityAdapter<T, string>({
    selectId: (item) => item.id,
    ...(sortComparer ? { sortComparer } : {}),
  });
  const initialState: EntityListState<T> = adapter.getInitialState({
    loading: false,
    error: null,
    loadError: null,
    success: false,
    deleted: false,
  });

  const fetchAll = createAsyncThunk<T[], void, ReadConfig>(
    `${name}/fetchAll`,
    async (_, { rejectWithValue, extra }) => {
      try {
        return await (await entityApiOf<T, C, M>(extra, name)).list();
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const fetchOne = createAsyncThunk<T, string, ReadConfig>(
    `${name}/fetchOne`,
    async (id, { rejectWithValue, extra }) => {
      try {
        return await (await entityApiOf<T, C, M>(extra, name)).get(id);
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const create = createAsyncThunk<T, C, WriteConfig>(
    `${name}/create`,
    async (input, { rejectWithValue, fulfillWithValue, extra }) => {
      try {
        const api = await entityApiOf<T, C, M>(extra, name);
        return fulfillWithValue(await api.create(input), { toast: messages.created });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const modify = createAsyncThunk<T, M, WriteConfig>(
    `${name}/modify`,
    async (input, { rejectWithValue, fulfillWithValue, extra }) => {
      try {
        const api = await entityApiOf<T, C, M>(extra, name);
        return fulfillWithValue(await api.modify(input), { toast: messages.updated });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const remove = createAsyncThunk<string, RemoveRequest, WriteConfig>(
    `${name}/remove`,
    async (request, { rejectWithValue, fulfillWithValue, extra }) => {
      const id = typeof request === 'string' ? request : request.id;
      try {
        await (await entityApiOf<T, C, M>(extra, name)).remove(id);
        return fulfillWithValue(id, typeof request === 'string' ? { toast: messages.deleted } : {});
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );

  const createWithAccount = createAsyncThunk<T, AccountRequest<Omit<T, 'id'>>, AccountConfig<T>>(
    `${name}/createWithAccount`,
    async (request, { rejectWithValue, fulfillWithValue, extra }) => {
      try {
        const accounts = await resolveLazy(extra.accounts);
        const outcome = await accounts.create(name, files, request);
        const record = outcome.record as unknown as T;
        if (outcome.failures.length === 0) {
          return fulfillWithValue(record, { toast: messages.created });
        }
        return rejectWithValue({
          messageId: STEPS_FAILED,
          uid: outcome.uid,
          failures: outcome.failures,
          ...(outcome.recordWritten ? { record } : {}),
        });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );

  /** The first rows or a change of a followed list (`watch`), as the api delivers them. */
  const synced = createAction<SyncedBatch<T>>(`${name}/synced`);
  const watchStarted = createAction(`${name}/watchStarted`);
  const watchFailed = createAction<AppError>(`${name}/watchFailed`);

  /**
   * Follows the list live (another admin's change appears without a reload): the api's `watch`
   * (rows first, then every change by anyone, applied as they come); an api without it is read once
   * (fetchAll). Dispatch it where a list is shown and call the returned function when the screen is
   * left (or the user signs out, which unmounts the screen).
   * @returns the function that detaches the listeners.
   */
  const watch =
    () =>
    (
      dispatch: (action: unknown) => unknown,
      _getState: unknown,
      extra: ThunkExtra,
    ): Unsubscribe => {
      let stop: Unsubscribe | undefined;
      let stopped = false;
      dispatch(watchStarted());
      entityApiOf<T, C, M>(extra, name).then(
        (api) => {
          if (stopped) return;
          if (!api.watch) {
            void dispatch(fetchAll());
            return;
          }
          // While a large first batch is prepared, later batches wait for it, in order.
          let waiting: Array<WatchBatch<T>> | undefined;
          stop = api.watch(
            (batch) => {
              if (waiting) waiting.push(batch);
              else if (!batch.initial || batch.upserts.length <= STEPPED_ROWS) {
                dispatch(synced(batch));
              } else {
                waiting = [];
                let prepared: PreparedRows<T> | undefined;
                const steps = (function* () {
                  prepared = yield* prepareSteps(batch, sortComparer, false);
                })();
                runInSlices(
                  [steps],
                  soon,
                  PREPARE_SLICE_MS,
                  () => stopped,
                  () => {
                    dispatch(synced({ ...batch, prepared }));
                    const later = waiting ?? [];
                    waiting = undefined;
                    for (const next of later) dispatch(synced(next));
                  },
                );
              }
            },
            (error) => dispatch(watchFailed(toAppError(error))),
          );
        },
        (error: unknown) => dispatch(watchFailed(toAppError(error))),
      );
      return () => {
        stopped = true;
        stop?.();
      };
    };

  const pending = (state: Flags) => {
    state.loading = true;
    state.error = null;
    state.success = false;
    state.deleted = false;
  };
  const failed = (state: Flags, error: AppError | undefined) => {
    state.loading = false;
    state.error = error ?? { messageId: UNKNOWN_ERROR };
  };

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      /** Resets the flags after a screen has reacted to them (spec section 4, clean-up). */
      cleanUp(state) {
        state.loading = false;
        state.error = null;
        state.loadError = null;
        state.success = false;
        state.deleted = false;
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(sessionCleared, () => initialState)
        .addCase(watchStarted, (state) => {
          state.loading = true;
          state.loadError = null;
        })
        .addCase(synced, (state, { payload }) => {
          // Rows replace what is held (a row lacks a field that was removed); the first batch
          // is the whole list. `reducer` below applies later batches without Immer.
          if (payload.initial) adapter.setAll(state as EntityListState<T>, payload.upserts);
          else adapter.setMany(state as EntityListState<T>, payload.upserts);
          adapter.removeMany(state as EntityListState<T>, payload.removals);
          if (payload.initial) state.loading = false;
        })
        .addCase(watchFailed, (state, { payload }) => {
          failed(state, payload);
          state.loadError = payload;
        })
        .addCase(fetchAll.pending, (state) => {
          pending(state);
          state.loadError = null;
        })
        .addCase(fetchAll.fulfilled, (state, { payload }) => {
          adapter.setAll(state as EntityListState<T>, payload);
          state.loading = false;
        })
        .addCase(fetchAll.rejected, (state, { payload }) => {
          failed(state, payload);
          state.loadError = state.error;
        })
        .addCase(fetchOne.pending, pending)
        .addCase(fetchOne.fulfilled, (state, { payload }) => {
          adapter.upsertOne(state as EntityListState<T>, payload);
          state.loading = false;
        })
        .addCase(fetchOne.rejected, (state, { payload }) => failed(state, payload))
        .addCase(createWithAccount.pending, pending)
        .addCase(createWithAccount.fulfilled, (state, { payload }) => {
          adapter.setOne(state as EntityListState<T>, payload);
          state.loading = false;
          state.success = true;
        })
        .addCase(createWithAccount.rejected, (state, { payload }) => {
          // A written record is listed even when its upload or invitation failed.
          if (payload?.record) adapter.setOne(state as EntityListState<T>, payload.record as T);
          failed(state, payload && { messageId: payload.messageId });
        });
      // The writes: loading, then the record applied and their flag set, or the error.
      const write = <P, A>(
        thunk: AsyncThunk<P, A, WriteConfig>,
        apply: (state: EntityListState<T>, payload: P) => void,
        flag: 'success' | 'deleted',
      ) =>
        builder
          .addCase(thunk.pending, pending)
          .addCase(thunk.fulfilled, (state, { payload }) => {
            apply(state as EntityListState<T>, payload as P);
            state.loading = false;
            state[flag] = true;
          })
          .addCase(thunk.rejected, (state, { payload }) => failed(state, payload));
      write(create, (state, record) => adapter.addOne(state, record), 'success');
      write(modify, (state, record) => adapter.setOne(state, record), 'success');
      write(remove, (state, id) => adapter.removeOne(state, id), 'deleted');
      if (reorderable) {
        builder.addCase(reorder.fulfilled, (state, { payload }) => {
          adapter.updateMany(
            state as EntityListState<T>,
            payload.map(({ id, order }) => ({ id, changes: { order } as unknown as Partial<T> })),
          );
        });
      }
      options.extraReducers?.(builder as ActionReducerMapBuilder<EntityListState<T>>, adapter);
    },
  });

  const selectors = { ...adapter.getSelectors(), selectAll: selectRows<T> };
  /**
   * The slice's reducer, with a followed list's batches applied without Immer: later changes by
   * applyWatchBatch (the rows array carried over, see carryRows), the first batch (the whole
   * list) by replaceAll.
   */
  const reducer = (state: EntityListState<T> | undefined, action: UnknownAction) => {
    if (state && synced.match(action)) {
      if (!action.payload.initial) {
        const next = applyWatchBatch(state, action.payload, sortComparer);
        carryRows(state, next, action.payload.upserts);
        return next;
      }
      return replaceAll(state, action.payload, sortComparer);
    }
    return slice.reducer(state, action);
  };

  return {
    slice,
    reducer,
    actions: slice.actions,
    adapter,
    initialState,
    fetchAll,
    fetchOne,
    watch,
    /** The action a followed list's batches arrive as (for tests and extra reducers). */
    synced,
    create,
    modify,
    remove,
    createWithAccount,
    /** With `reorderable`: writes new `order` values (shared/reorder). */
    reorder,
    /** Selectors over this slice's own state (`selectAll` is the list's data). */
    selectors,
  };
}
