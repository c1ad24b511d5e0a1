import { defineResource } from '@/shared/resource';
import { studentsApi, tutorsApi } from './personApi';
import { students } from './students/studentsSlice';
import { tutors } from './tutors/tutorsSlice';

/**
 * Students (spec sections 2-7): list and Customers links. The form page composes other features
 * (test result, matching), so the app gives it (src/app/resources.ts).
 */
export const studentsResource = defineResource({
  name: 'students',
  path: '/students',
  slice: students,
  api: studentsApi,
  pages: { list: () => import('./pages/StudentsPage') },
  nav: {
    group: 'customers',
    list: 'Layout.nav.manageStudents',
    create: 'Layout.nav.createStudent',
  },
});

/** Tutors (spec sections 2-7): as students; the app gives the composed form page. */
export const tutorsResource = defineResource({
  name: 'tutors',
  path: '/tutors',
  slice: tutors,
  api: tutorsApi,
  pages: { list: () => import('./pages/TutorsPage') },
  nav: { group: 'customers', list: 'Layout.nav.manageTutors', create: 'Layout.nav.createTutor' },
});
