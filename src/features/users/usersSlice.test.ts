import { describe, expect, it } from 'vitest';
import type { User } from './types';
import { createUser, STEPS_FAILED, updateProfile, users } from './usersSlice';

const ana: User = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@tuition.test',
  location: 'Lima',
  logoUrl: null,
  createdAt: 0,
  isAdmin: false,
};
const { id: _id, logoUrl: _logoUrl, ...record } = ana;
const input = { record };

describe('users slice: the feature thunks in the factory state machine (spec 4)', () => {
  it('createUser: loading, then the record appended with success', () => {
    let state = users.reducer(undefined, createUser.pending('r1', input));
    expect(state).toMatchObject({ loading: true, success: false, error: null });
    state = users.reducer(state, createUser.fulfilled(ana, 'r1', input));
    expect(state).toMatchObject({ loading: false, success: true });
    expect(users.selectors.selectAll(state)).toEqual([ana]);
  });

  it('createUser: a partial failure keeps the error for the form and appends nothing', () => {
    const payload = {
      messageId: STEPS_FAILED,
      uid: 'u1',
      failures: [{ step: 'upload' as const, error: { messageId: 'storage/unauthorized' } }],
    };
    let state = users.reducer(undefined, createUser.pending('r1', input));
    state = users.reducer(state, createUser.rejected(null, 'r1', input, payload));
    expect(state).toMatchObject({ loading: false, success: false });
    expect(state.error?.messageId).toBe(STEPS_FAILED);
    expect(state.ids).toEqual([]);
  });

  it('updateProfile: replaces the record and sets success; cleanUp resets the flags', () => {
    const arg = { id: 'u1', changes: { name: 'Ana María' } };
    let state = users.reducer(undefined, users.fetchAll.fulfilled([ana], 'r0'));
    state = users.reducer(state, updateProfile.pending('r2', arg));
    state = users.reducer(state, updateProfile.fulfilled({ ...ana, name: 'Ana María' }, 'r2', arg));
    expect(users.selectors.selectById(state, 'u1')?.name).toBe('Ana María');
    expect(state.success).toBe(true);
    state = users.reducer(state, users.actions.cleanUp());
    expect(state).toMatchObject({ loading: false, success: false, error: null, deleted: false });
  });
});
