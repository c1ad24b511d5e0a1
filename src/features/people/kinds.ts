/**
 * The two kinds of person (spec section 3): what differs between a student and a tutor is declared
 * here once, and the shared list, form page and Basic Profile form read it instead of branching on
 * the kind.
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { ComponentType } from 'react';
import type { IntlShape } from 'react-intl';
import type * as z from '@/shared/zod';
import type { createEntitySlice } from '@/shared/entitySlice';
import { students } from '@/features/people/students/studentsSlice';
import type { Student } from '@/features/people/students/types';
import { tutors } from '@/features/people/tutors/tutorsSlice';
import type { Tutor } from '@/features/people/tutors/types';
import { StudentExtras } from './components/fields/StudentExtras';
import { tutorListColumns } from './components/listExtras';
import { TutorExtras } from './components/fields/TutorExtras';
import type { ExtrasProps } from './components/fields/personForm';
import {
  LevelRangeSelect,
  ProficiencySelect,
  type SubjectValueProps,
} from './components/fields/SubjectValues';
import type { PersonBasicValues, ProfileLevelValues } from './formValues';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import type { PersonPath } from './personApi';
import {
  studentBasicSchema,
  studentProfileLevelSchema,
  tutorBasicSchema,
  tutorProfileLevelSchema,
} from './validation';

/** One kind of person; `P` is its stored record. */
export interface PersonKind<P extends Student | Tutor> {
  /** Database path and route: 'students' | 'tutors'. */
  path: PersonPath;
  /** The account's user type given to httpsCreateUser (spec section 7). */
  userType: P['userType'];
  /** Catalogue prefix of the kind's messages ('Students.created', ...). */
  area: 'Students' | 'Tutors';
  /** Prefix of the form controls' ids, e.g. 'student' gives 'student-name'. */
  idPrefix: string;
  /** The kind's entity slice (shared/entitySlice). */
  entity: ReturnType<typeof createEntitySlice<P, RecordCreate<P>, RecordModify<P>>>;
  /** The Basic Profile schema: the form's values in, the record's fields out. */
  basicSchema: z.ZodMiniType<Record<string, unknown>, Partial<PersonBasicValues>>;
  /** Stored fields a new record starts with besides the form's (a tutor's `cvUrl: null`). */
  newRecordFields: Partial<P>;
  /** The kind's own fields on the Basic Profile tab. */
  Extras: ComponentType<ExtrasProps<P>>;
  /** What the kind's list shows besides the common columns (spec section 5). */
  list: {
    /** Columns after Country, e.g. a tutor's Status. */
    columns?: (intl: IntlShape) => ColumnDef<P, unknown>[];
    /** Records listed only once 'Show all' (catalogue id `showAll`) is on, e.g. inactive tutors. */
    hidden?: { isHidden: (person: P) => boolean; showAll: string };
  };
  /** What the Profile Level tab does differently. */
  profileLevel: {
    /** The tab's schema; `levelOrder` gives a field level's order (for a tutor's ranges). */
    schema: (
      levelOrder: (id: string) => number | undefined,
    ) => z.ZodMiniType<object, Partial<ProfileLevelValues>>;
    /** Message id of the free text's label. */
    requestLabel: string;
    /** The value of a newly checked subject, given the field levels by order. */
    newSubject: (fieldLevels: ReadonlyArray<{ id: string }>) => SubjectValueOf<P>;
    /** The control of a checked subject's value. */
    SubjectValue: ComponentType<SubjectValueProps<SubjectValueOf<P>>>;
  };
}

/** A person's value per subject in its profile level. */
type SubjectValueOf<P extends Student | Tutor> = NonNullable<P['profileLevel']>['subjects'][string];

/** Students: parent or child registers, with the child's details (spec section 3). */
export const studentKind: PersonKind<Student> = {
  path: 'students',
  userType: 'student',
  area: 'Students',
  idPrefix: 'student',
  entity: students,
  basicSchema: studentBasicSchema,
  newRecordFields: {},
  Extras: StudentExtras,
  list: {},
  profileLevel: {
    // The values' subjects hold either kind's value; this kind's schema checks its own.
    schema: () => studentProfileLevelSchema as z.ZodMiniType<object, Partial<ProfileLevelValues>>,
    requestLabel: 'Students.additionalRequest',
    newSubject: () => 'avg',
    SubjectValue: ProficiencySelect,
  },
};

/** Tutors: teaching details and a CV (spec section 3, Tutor extras). */
export const tutorKind: PersonKind<Tutor> = {
  path: 'tutors',
  userType: 'tutor',
  area: 'Tutors',
  idPrefix: 'tutor',
  entity: tutors,
  basicSchema: tutorBasicSchema,
  newRecordFields: { cvUrl: null },
  Extras: TutorExtras,
  // Inactive tutors (no status) are hidden until 'Show all' (spec section 5).
  list: {
    columns: tutorListColumns,
    hidden: { isHidden: (tutor) => !tutor.status, showAll: 'Tutors.showAll' },
  },
  profileLevel: {
    schema: (levelOrder) =>
      tutorProfileLevelSchema(levelOrder) as z.ZodMiniType<object, Partial<ProfileLevelValues>>,
    requestLabel: 'Tutors.introduction',
    // The whole range: the admin narrows it.
    newSubject: (fieldLevels) => ({
      levelStart: fieldLevels[0]?.id ?? '',
      levelEnd: fieldLevels[fieldLevels.length - 1]?.id ?? '',
    }),
    SubjectValue: LevelRangeSelect,
  },
};
