/**
 * The one entity-slice factory (issue 5, spec section 4). Every entity list (users, levels,
 * field levels, schools, subjects, countries, students, tutors, orders) is a slice made here, so
 * the state machine below exists once:
 *
 * - state: the records (a createEntityAdapter collection: `ids` + `entities`, read as `data` by
 *   `selectors.selectAll`), and the flags `loading`, `error`, `success`, `deleted`;
 * - fetch: loading, then the records or an error;
 * - create: appends the record and sets success; modify: replaces it and sets success;
 * - delete: removes it and sets deleted;
 * - cleanUp: resets loading, error, success and deleted;
 * - sessionCleared (logout): back to the initial state.
 *
 * Thunks reject with an AppError (shared/errors) as their payload; the app shows it as a toast.
 * Success toasts come from `messages` (spec section 8 texts, as catalogue ids), carried on the
 * fulfilled action's `meta.toast` so one listener in the app can show them.
 */
import {
  createAsyncThunk,
  createEntityAdapter,
  createSlice,
  type ActionReducerMapBuilder,
  type EntityAdapter,
  type EntityState,
} from '@reduxjs/toolkit';
import { toAppError, type AppError, UNKNOWN_ERROR } from './errors';
import type { EntityApi } from './rtdb';
import { sessionCleared } from './session';

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

export interface EntitySliceOptions<T extends { id: string }, C, M extends { id: string }> {
  /** Slice name and action-type prefix, e.g. 'users'. */
  name: string;
  /**
   * The backend access, or a function that loads it on first use: a feature whose api pulls in
   * uploads or account creation keeps that code out of the store's (and so /login's) bundle.
   */
  api: EntityApi<T, C, M> | (() => Promise<EntityApi<T, C, M>>);
  messages?: EntityMessages;
  /** Order of `selectAll`; default: the order records were loaded or added. */
  sortComparer?: (a: T, b: T) => number;
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

type ReadConfig = { rejectValue: AppError };
type WriteConfig = { rejectValue: AppError; fulfilledMeta: ToastMeta };

/** The flags of a list, as the reducers below touch them (drafts included). */
interface Flags {
  loading: boolean;
  error: AppError | null;
  loadError: AppError | null;
  success: boolean;
  deleted: boolean;
}

/**
 * Makes the slice, its thunks and selectors for one entity.
 * @returns `reducer`, `actions` (incl. cleanUp), thunks `fetchAll`, `fetchOne`, `create`,
 *   `modify`, `remove`, the `adapter` and selectors over the slice state.
 */
export function createEntitySlice<T extends { id: string }, C, M extends { id: string }>(
  options: EntitySliceOptions<T, C, M>,
) {
  const { name, messages = {} } = options;
  let loadedApi: Promise<EntityApi<T, C, M>> | undefined;
  const api = () => {
    const given = options.api;
    loadedApi ??= Promise.resolve(typeof given === 'function' ? given() : given).catch((e) => {
      loadedApi = undefined; // a chunk that failed to download is tried again next time
      throw e;
    });
    return loadedApi;
  };
  const adapter = createEntityAdapter<T, string>({
    selectId: (item) => item.id,
    ...(options.sortComparer ? { sortComparer: options.sortComparer } : {}),
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
    async (_, { rejectWithValue }) => {
      try {
        return await (await api()).list();
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const fetchOne = createAsyncThunk<T, string, ReadConfig>(
    `${name}/fetchOne`,
    async (id, { rejectWithValue }) => {
      try {
        return await (await api()).get(id);
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const create = createAsyncThunk<T, C, WriteConfig>(
    `${name}/create`,
    async (input, { rejectWithValue, fulfillWithValue }) => {
      try {
        return fulfillWithValue(await (await api()).create(input), { toast: messages.created });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const modify = createAsyncThunk<T, M, WriteConfig>(
    `${name}/modify`,
    async (input, { rejectWithValue, fulfillWithValue }) => {
      try {
        return fulfillWithValue(await (await api()).modify(input), { toast: messages.updated });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
  const remove = createAsyncThunk<string, string, WriteConfig>(
    `${name}/remove`,
    async (id, { rejectWithValue, fulfillWithValue }) => {
      try {
        await (await api()).remove(id);
        return fulfillWithValue(id, { toast: messages.deleted });
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );

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
        .addCase(create.pending, pending)
        .addCase(create.fulfilled, (state, { payload }) => {
          adapter.addOne(state as EntityListState<T>, payload);
          state.loading = false;
          state.success = true;
        })
        .addCase(create.rejected, (state, { payload }) => failed(state, payload))
        .addCase(modify.pending, pending)
        .addCase(modify.fulfilled, (state, { payload }) => {
          adapter.setOne(state as EntityListState<T>, payload);
          state.loading = false;
          state.success = true;
        })
        .addCase(modify.rejected, (state, { payload }) => failed(state, payload))
        .addCase(remove.pending, pending)
        .addCase(remove.fulfilled, (state, { payload }) => {
          adapter.removeOne(state as EntityListState<T>, payload);
          state.loading = false;
          state.deleted = true;
        })
        .addCase(remove.rejected, (state, { payload }) => failed(state, payload));
      options.extraReducers?.(builder as ActionReducerMapBuilder<EntityListState<T>>, adapter);
    },
  });

  const selectors = adapter.getSelectors();

  return {
    slice,
    reducer: slice.reducer,
    actions: slice.actions,
    adapter,
    initialState,
    fetchAll,
    fetchOne,
    create,
    modify,
    remove,
    /** Selectors over this slice's own state (`selectAll` is the list's data). */
    selectors,
  };
}
