/**
 * The users list (spec sections 3, 4 and 7): records under `users/{uid}`, made by the one
 * entity-slice factory; its api (usersApi, through the store's extraArgument) handles logos, roles
 * and deletion. New users come from the factory's `createWithAccount` (account, then record, logo
 * and invitation; a failed step is retried alone).
 *
 * One feature thunk joins the factory's state machine through its `extraReducers` option, with
 * the same flags (loading, error, success): `updateProfile`, the signed-in user's own record,
 * with its own toast, and the session.
 */
import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type EntityAdapter,
} from '@reduxjs/toolkit';
import {
  createEntitySlice,
  entityApiOf,
  type EntityListState,
  type ThunkExtra,
  type ToastMeta,
} from '@/shared/entitySlice';
import { toAppError, type AppError } from '@/shared/errors';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { sessionUpdated } from '@/shared/session';
import type { User } from './types';
import { USER_FILES } from './usersApi';

type WriteConfig = { rejectValue: AppError; fulfilledMeta: ToastMeta; extra: ThunkExtra };

/**
 * Saves the signed-in user's own profile (spec 2 Profile: name, location, logo; never isAdmin,
 * the e-mail or the created date, which record the account, not preferences) and updates the
 * session (spec 4); toast 'Profile updated successfully' (spec 8).
 */
export const updateProfile = createAsyncThunk<User, RecordModify<User>, WriteConfig>(
  'users/updateProfile',
  async (input, { rejectWithValue, fulfillWithValue, dispatch, extra }) => {
    try {
      const { isAdmin: _isAdmin, createdAt: _createdAt, ...changes } = input.changes;
      const api = await entityApiOf<User, RecordCreate<User>, RecordModify<User>>(extra, 'users');
      const user = await api.modify({ ...input, changes });
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
  builder
    .addCase(updateProfile.pending, (state) => {
      state.loading = true;
      state.error = null;
      state.success = false;
      state.deleted = false;
    })
    .addCase(updateProfile.fulfilled, (state, { payload }) => {
      adapter.setOne(state as EntityListState<User>, payload);
      state.loading = false;
      state.success = true;
    })
    .addCase(updateProfile.rejected, (state, { payload }) => {
      state.loading = false;
      state.error = payload ? { messageId: payload.messageId } : { messageId: 'errors/unknown' };
    });
}

/**
 * The users slice: thunks `fetchAll`, `fetchOne`, `modify`, `remove`, `createWithAccount` (the
 * one account workflow: account, record, logo, invitation) and the selectors.
 */
export const users = createEntitySlice<User, RecordCreate<User>, RecordModify<User>>({
  name: 'users',
  files: USER_FILES,
  messages: { created: 'Users.created', updated: 'Users.updated', deleted: 'Users.deleted' },
  extraReducers: featureReducers,
});
