import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { levels } from './levelsSlice';
import type { Level } from './types';

/** Browsing levels (spec sections 2-7): list, form, Level management. */
export const levelsResource = defineResource({
  name: 'levels',
  path: '/browsing-levels',
  slice: levels,
  api: rtdbEntityApi<Level>('levels'),
  pages: {
    list: () => import('./pages/LevelsPage'),
    form: () => import('./pages/LevelFormPage'),
  },
  nav: {
    group: 'levelManagement',
    list: 'Layout.nav.manageLevel',
    create: 'Layout.nav.createLevel',
  },
});
