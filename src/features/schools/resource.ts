import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { schools } from './schoolsSlice';
import type { School } from './types';

/** Schools (spec sections 2-7): list, form, Systems > Manage fields; read by `order`. */
export const schoolsResource = defineResource({
  name: 'schools',
  path: '/field-schools',
  slice: schools,
  api: rtdbEntityApi<School>('schools', { orderBy: 'order' }),
  pages: {
    list: () => import('./pages/SchoolsPage'),
    form: () => import('./pages/SchoolFormPage'),
  },
  nav: { group: 'systems', submenu: 'Layout.nav.manageFields', list: 'Layout.nav.schools' },
});
