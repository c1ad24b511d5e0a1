/**
 * The two kinds of person (spec section 3): what differs between a student and a tutor is declared
 * here once, and the shared list, form page and Basic Profile form read it instead of branching on
 * the kind.
 */
import type { ComponentType } from 'react';
import type * as z from '@/shared/zod';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import { StudentExtras } from './components/fields/StudentExtras';
import { TutorExtras } from './components/fields/TutorExtras';
import type { ExtrasProps } from './components/fields/personForm';
import {
  LevelRangeSelect,
  ProficiencySelect,
  type SubjectValueProps,
} from './components/fields/SubjectValues';
import type { PersonBasicValues, ProfileLevelValues } from './formValues';
import { studentListKind, tutorListKind, type PersonListKind } from './listKinds';
import {
  studentBasicSchema,
  studentProfileLevelSchema,
  tutorBasicSchema,
  tutorProfileLevelSchema,
} from './validation';

/** One kind of person; `P` is its stored record. Its list's side is PersonListKind. */
export interface PersonKind<P extends Student | Tutor> extends PersonListKind<P> {
  /** The account's user type given to httpsCreateUser (spec section 7). */
  userType: P['userType'];
  /** Prefix of the form controls' ids, e.g. 'student' gives 'student-name'. */
  idPrefix: string;
  /** The Basic Profile schema: the form's values in, the record's fields out. */
  basicSchema: z.ZodMiniType<Record<string, unknown>, Partial<PersonBasicValues>>;
  /** Stored fields a new record starts with besides the form's (a tutor's `cvUrl: null`). */
  newRecordFields: Partial<P>;
  /** The kind's own fields on the Basic Profile tab. */
  Extras: ComponentType<ExtrasProps<P>>;
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
  ...studentListKind,
  userType: 'student',
  idPrefix: 'student',
  basicSchema: studentBasicSchema,
  newRecordFields: {},
  Extras: StudentExtras,
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
  ...tutorListKind,
  userType: 'tutor',
  idPrefix: 'tutor',
  basicSchema: tutorBasicSchema,
  newRecordFields: { cvUrl: null },
  Extras: TutorExtras,
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
