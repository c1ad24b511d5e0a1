/**
 * What a person list (spec section 5) needs of a kind (kinds.ts): its path, catalogue area, slice
 * and list extras. Its own module so that a list page does not load the form's fields (the date
 * picker, the file and select fields, the subject values: some 45 KB gzipped and six requests on
 * the way to a list's first rows); kinds.ts builds each full kind from these.
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { IntlShape } from 'react-intl';
import type { createEntitySlice } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { students } from './students/studentsSlice';
import type { Student } from './students/types';
import { tutors } from './tutors/tutorsSlice';
import type { Tutor } from './tutors/types';
import { tutorListColumns } from './components/listExtras';
import type { PersonPath } from './personApi';

/** The list's side of one kind of person; `P` is its stored record. */
export interface PersonListKind<P extends Student | Tutor> {
  /** Database path and route: 'students' | 'tutors'. */
  path: PersonPath;
  /** Catalogue prefix of the kind's messages ('Students.created', ...). */
  area: 'Students' | 'Tutors';
  /** The kind's entity slice (shared/entitySlice). */
  entity: ReturnType<typeof createEntitySlice<P, RecordCreate<P>, RecordModify<P>>>;
  /** What the kind's list shows besides the common columns (spec section 5). */
  list: {
    /** Columns after Country, e.g. a tutor's Status. */
    columns?: (intl: IntlShape) => ColumnDef<P, unknown>[];
    /** Records listed only once 'Show all' (catalogue id `showAll`) is on, e.g. inactive tutors. */
    hidden?: { isHidden: (person: P) => boolean; showAll: string };
  };
}

/** Students' list: every student, newest first. */
export const studentListKind: PersonListKind<Student> = {
  path: 'students',
  area: 'Students',
  entity: students,
  list: {},
};

/** Tutors' list: with their status column. */
export const tutorListKind: PersonListKind<Tutor> = {
  path: 'tutors',
  area: 'Tutors',
  entity: tutors,
  // Inactive tutors (no status) are hidden until 'Show all' (spec section 5).
  list: {
    columns: tutorListColumns,
    hidden: { isHidden: (tutor) => !tutor.status, showAll: 'Tutors.showAll' },
  },
};
