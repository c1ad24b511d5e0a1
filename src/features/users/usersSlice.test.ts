import { describe, expect, it } from 'vitest';
import type { User } from './types';
import { updateProfile, users } from './usersSlice';

const ana: User = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@tuition.test',
  location: 'Lima',
  logoUrl: null,
  createdAt: 0,
  isAdmin: false,
};

describe('users slice: the feature thunk in the factory state machine (spec 4)', () => {
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
