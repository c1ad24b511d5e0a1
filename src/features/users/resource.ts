import { defineResource } from '@/shared/resource';
import { usersApi } from './usersApi';
import { users } from './usersSlice';

/** Back-office users (spec sections 2-7): list, form, Systems > Users. */
export const usersResource = defineResource({
  name: 'users',
  path: '/users',
  slice: users,
  api: usersApi,
  pages: {
    list: () => import('./pages/UsersPage'),
    form: () => import('./pages/UserFormPage'),
  },
  nav: { group: 'systems', list: 'Layout.nav.users' },
});
