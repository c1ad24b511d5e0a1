import { configureStore } from '@reduxjs/toolkit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authSlice, initialState as signedOut } from '@/features/auth/authSlice';
import { renderWithStore } from '@/app/testing/renderWithStore';
import type { AccountsApi } from '@/shared/accounts';
import type { ThunkExtra } from '@/shared/entitySlice';
import type { EntityApi } from '@/shared/rtdb';
import type { User } from '../types';
import { users } from '../usersSlice';
import UsersPage from './UsersPage';

const member: User = {
  id: 'm1',
  name: 'Mia Member',
  email: 'mia@example.com',
  location: '',
  logoUrl: null,
  createdAt: Date.UTC(2026, 0, 5),
  isAdmin: false,
};

describe('UsersPage', () => {
  it('opens the delete dialog ready, with the focus on Cancel, while the list is still loading', async () => {
    const user = userEvent.setup();
    // The rows a reload paints from the persisted store, while the list's own read has not
    // answered yet: the slice is `loading`, which is not a delete in progress.
    const api: Pick<EntityApi<User, never, never>, 'list'> = { list: () => new Promise(() => {}) };
    const extra: ThunkExtra = { apis: { users: api }, accounts: {} as AccountsApi };
    const admin = { ...member, id: 'a1', name: 'Ada Admin', isAdmin: true };
    const store = configureStore({
      reducer: { users: users.reducer, auth: authSlice.reducer },
      preloadedState: {
        users: {
          ...users.reducer(undefined, { type: 'init' }),
          ids: ['m1'],
          entities: { m1: member },
        },
        auth: { ...signedOut, loading: false, session: admin },
      },
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
    });
    renderWithStore(store, <UsersPage />);
    expect(store.getState().users.loading).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Delete Mia Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm action' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(cancel).toHaveFocus();
  });
});
