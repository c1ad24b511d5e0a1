/**
 * The resource registry: every entity and admin screen the app wires, in the order of the side
 * navigation within each group. The store (src/app/store.ts), the router (src/app/router.tsx) and
 * the navigation (src/app/layout/navigation.ts) are built from this list; adding an entity like
 * schools is its feature folder, one line here, and its rules.
 */
import { auditResource } from '@/features/audit/resource';
import { countriesResource } from '@/features/countries/resource';
import { fieldLevelsResource } from '@/features/field-levels/resource';
import { levelsResource } from '@/features/levels/resource';
import { ordersResource } from '@/features/orders/resource';
import { studentsResource, tutorsResource } from '@/features/people/resource';
import { schoolsResource } from '@/features/schools/resource';
import { statisticsResource } from '@/features/statistics/resource';
import { subjectsResource } from '@/features/subjects/resource';
import { usersResource } from '@/features/users/resource';

export const resources = [
  levelsResource,
  // The person form pages compose test results and matching: the app gives them.
  {
    ...studentsResource,
    pages: { ...studentsResource.pages, form: () => import('./routes/StudentFormPage') },
  },
  {
    ...tutorsResource,
    pages: { ...tutorsResource.pages, form: () => import('./routes/TutorFormPage') },
  },
  statisticsResource,
  ordersResource,
  // The subject pages show field levels (the level range): the app gives them.
  {
    ...subjectsResource,
    pages: {
      list: () => import('./routes/SubjectsPage'),
      form: () => import('./routes/SubjectFormPage'),
    },
  },
  usersResource,
  countriesResource,
  fieldLevelsResource,
  schoolsResource,
  auditResource,
] as const;

/** One registered resource. */
export type RegisteredResource = (typeof resources)[number];
