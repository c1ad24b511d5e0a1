import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { fieldLevels } from './fieldLevelsSlice';
import type { FieldLevel } from './types';

/** Field levels (spec sections 2-7): list, form, Systems > Manage fields; read by `order`. */
export const fieldLevelsResource = defineResource({
  name: 'fieldLevels',
  path: '/field-levels',
  slice: fieldLevels,
  api: rtdbEntityApi<FieldLevel>('fieldLevels', { orderBy: 'order' }),
  pages: {
    list: () => import('./pages/FieldLevelsPage'),
    form: () => import('./pages/FieldLevelFormPage'),
  },
  nav: { group: 'systems', submenu: 'Layout.nav.manageFields', list: 'Layout.nav.fieldLevels' },
});
