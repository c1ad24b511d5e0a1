import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { subjects } from './subjectsSlice';
import type { Subject } from './types';

/** Subjects with their prices (spec sections 2-7): list, tabbed form, Subject setting. */
export const subjectsResource = defineResource({
  name: 'subjects',
  path: '/subjects',
  slice: subjects,
  api: rtdbEntityApi<Subject>('subjects', { orderBy: 'order' }),
  pages: {
    list: () => import('./pages/SubjectsPage'),
    form: () => import('./pages/SubjectFormPage'),
  },
  nav: {
    group: 'subjectSetting',
    list: 'Layout.nav.manageSubjects',
    create: 'Layout.nav.createSubject',
  },
});
