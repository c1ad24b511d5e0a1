/**
 * The users list (spec sections 3, 4 and 7): records under `users/{uid}`, made by the one
 * entity-slice factory with the users' own api (logos in `modify` and `remove`).
 *
 * Two feature thunks join the factory's state machine through its `extraReducers` option, with
 * the same flags (loading, error, success):
 * - `createUser`: account, then record + logo + invitation in parallel; a partial failure rejects
 *   with the account's uid and the failed steps so the form can retry only those (issue 6);
 * - `updateProfile`: the signed-in user's own record, with its own toast, and the session.
 * The factory's `create` (record only) is not used by screens.
 */
import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type EntityAdapter,
} from '@reduxjs/toolkit';
import type { StepFailure } from '@/shared/accounts';
import { createEntitySlice, type EntityListState, type ToastMeta } from '@/shared/entitySlice';
import { toAppError, type AppError } from '@/shared/errors';
import { sessionUpdated } from '@/features/auth/authSlice';
import type { User } from './types';
import {
  createUserWithInvitation,
  usersApi,
  type CreateUserInput,
  type ModifyUserInput,
} from './usersApi';

/** Message id of a create whose account exists but some follow-up step failed. */
export const STEPS_FAILED = 'Users.stepsFailed';

/**
 * The rejected payload of `createUser`. With `uid` the account was made and `failures` lists the
 * steps to retry (as `resume`); without it nothing was created.
 */
export interface CreateUserError extends AppError {
  uid?: string;
  failures?: StepFailure[];
}

type WriteConfig<E extends AppError = AppError> = { rejectValue: E; fulfilledMeta: ToastMeta };

/** Creates a user with invitation; success toast 'User created successfully' (spec 8). */
export const createUser = createAsyncThunk<User, CreateUserInput, WriteConfig<CreateUserError>>(
  'users/createUser',
  async (input, { rejectWithValue, fulfillWithValue }) => {
    try {
      const { uid, user, failures } = await createUserWithInvitation(input);
      if (failures.length > 0) return rejectWithValue({ messageId: STEPS_FAILED, uid, failures });
      return fulfillWithValue(user, { toast: 'Users.created' });
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);

/**
 * Saves the signed-in user's own profile (spec 2 Profile; spec 6: name, location, logo, created
 * date, never isAdmin or e-mail) and updates the session (spec 4); toast 'Profile updated
 * successfully' (spec 8).
 */
export const updateProfile = createAsyncThunk<User, ModifyUserInput, WriteConfig>(
  'users/updateProfile',
  async (input, { rejectWithValue, fulfillWithValue, dispatch }) => {
    try {
      const { isAdmin: _ignored, ...changes } = input.changes;
      const user = await usersApi.modify({ ...input, changes });
      dispatch(sessionFields(user));
      return fulfillWithValue(user, { toast: 'Users.profileUpdated' });
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);

/** The session update for a saved users record (spec 4: editing oneself updates the session). */
export function sessionFields(user: User) {
  return sessionUpdated({
    name: user.name,
    location: user.location,
    logoUrl: user.logoUrl,
    createdAt: user.createdAt,
    isAdmin: user.isAdmin,
  });
}

function featureReducers(
  builder: ActionReducerMapBuilder<EntityListState<User>>,
  adapter: EntityAdapter<User, string>,
) {
  for (const thunk of [createUser, updateProfile]) {
    builder
      .addCase(thunk.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.success = false;
        state.deleted = false;
      })
      .addCase(thunk.fulfilled, (state, { payload }) => {
        adapter.setOne(state as EntityListState<User>, payload);
        state.loading = false;
        state.success = true;
      })
      .addCase(thunk.rejected, (state, { payload }) => {
        state.loading = false;
        state.error = payload ? { messageId: payload.messageId } : { messageId: 'errors/unknown' };
      });
  }
}

/** The users slice: thunks `fetchAll`, `fetchOne`, `modify`, `remove` and the selectors. */
export const users = createEntitySlice({
  name: 'users',
  api: usersApi,
  messages: { created: 'Users.created', updated: 'Users.updated', deleted: 'Users.deleted' },
  extraReducers: featureReducers,
});
