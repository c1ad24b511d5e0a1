import type { Resource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { subjects } from './subjectsSlice';
import type { Subject } from './types';

/**
 * Subjects with their prices (spec sections 2-7): Subject setting links. Its list and tabbed
 * form show field levels (the level range), so the app gives both pages with them
 * (src/app/resources.ts, src/app/routes/Subject*Page.tsx).
 */
export const subjectsResource = {
  name: 'subjects',
  path: '/subjects',
  slice: subjects,
  api: rtdbEntityApi<Subject>('subjects', { orderBy: 'order' }),
  nav: {
    group: 'subjectSetting',
    list: 'Layout.nav.manageSubjects',
    create: 'Layout.nav.createSubject',
  },
} as const satisfies Omit<Resource, 'pages'>;
