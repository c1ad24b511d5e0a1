/**
 * The student and tutor records, stored at `students/{id}` and `tutors/{id}` (spec section 3,
 * Student and Tutor, profileLevel, Tutor extras, Student extras, Tutor mapping; values of section
 * 9). The one source of the Student and Tutor types and of their forms' schemas (validation.ts);
 * tests/integration/schema-rules.test.ts checks them against database.rules.json. RTDB stores no
 * nulls: a `null` below is an absent child. Messages are catalogue ids.
 */
import * as z from '@/shared/zod';
import {
  PREFERRED_TIMES,
  type PersonBase,
  type PreferredTime,
  type ProfileLevelBase,
} from '@/shared/domain/person';
import { EMAIL_PATTERN } from '@/shared/forms/email';

/** Yes/No answers are stored as 0 and 1 (spec section 9). */
export const yesNoSchema = z.union([z.literal(0), z.literal(1)]);
export const genderSchema = z.enum(['male', 'female']);
/** ISO date 'yyyy-MM-dd' as stored (the picker shows dd/MM/yyyy), or null. */
export const isoDateSchema = z.nullable(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'People.invalidDate')),
);

/** Fields of students/{id} and tutors/{id} alike (spec section 3, Student and Tutor). */
const personFields = {
  /** The Auth uid of the account created by httpsCreateUser, also the record's key. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'People.required')),
  /** Fixed once the account exists (spec section 5). */
  email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN, 'UserForm.invalidEmail')),
  mobile: z.string().check(z.trim()),
  gender: genderSchema,
  dob: isoDateSchema,
  /** Download URL of the photo, or null. */
  logoUrl: z.nullable(z.string()),
  /** Free tags (RTDB stores the list as an object keyed 0, 1, ...). */
  info1: z.array(z.string()),
  info2: z.array(z.string()),
  info3: z.array(z.string()),
  houseNumber: z.string().check(z.trim()),
  buildingName: z.string().check(z.trim()),
  street1: z.string().check(z.trim()),
  street2: z.string().check(z.trim()),
  postcode: z.string().check(z.trim()),
  /** Two-letter country code, default 'SG'. */
  countryId: z.string().check(z.regex(/^[A-Z]{2}$/, 'People.required')),
  /** true = active (the default); a tutor's on/off switch. */
  status: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  isTested: z.boolean(),
  /**
   * Multiple-intelligence scores in catalogue order (shared/intelligence), eight of 0..18, or
   * null when the test was not taken or was reset.
   */
  testResult: z.nullable(z.array(z.number().check(z.gte(0), z.lte(18))).check(z.length(8))),
};

/** Profile Level fields of students and tutors alike (spec section 3, profileLevel). */
const profileLevelFields = {
  /** Ids of fieldLevels/, schools/ and levels/ (browsing levels). */
  levelId: z.nullable(z.string()),
  schoolId: z.nullable(z.string()),
  /** Hourly fee, SGD: for a student the most they pay, for a tutor what they ask. */
  fee: z.nullable(z.number().check(z.gte(0))),
  preferredTime: z.enum(PREFERRED_TIMES as readonly [PreferredTime, ...PreferredTime[]], {
    message: 'People.required',
  }),
  startDate: isoDateSchema,
  groupTuition: yesNoSchema,
  /** For a tutor, their brief introduction. */
  additionalRequest: z.string().check(z.trim()),
  browsingLevelId: z.nullable(z.string()),
};

/** How well a student does in a subject (spec section 9); a newly checked subject gets 'avg'. */
export const proficiencySchema = z.enum(['below', 'avg', 'above']);

/** A student's profile level: subject id -> proficiency (spec section 3). */
export const studentProfileLevelRecordSchema = z.strictObject({
  ...profileLevelFields,
  subjects: z.record(z.string(), proficiencySchema),
});

/**
 * Tutors suggested for and confirmed on one subject of a student (spec section 3, Tutor mapping).
 * RTDB has no real arrays, so the "list of tutor ids" is stored as a set: tutorId -> true. The
 * tutor's side is Tutor.confirmedStudents; both are written in one multi-path update, which the
 * rules check.
 */
export const subjectMappingSchema = z.strictObject({
  suggested: z.optional(z.record(z.string(), z.literal(true))),
  /** At most one tutor id. */
  confirmed: z.optional(z.nullable(z.string())),
  /** Epoch milliseconds of the last change; keeps the node when both lists are empty. */
  updatedAt: z.number(),
});

/** Student extras (spec section 3). */
export const studentRecordSchema = z.strictObject({
  ...personFields,
  userType: z.literal('student'),
  profileLevel: z.optional(studentProfileLevelRecordSchema),
  /** subject id -> mapping. */
  tutorMapping: z.optional(z.record(z.string(), subjectMappingSchema)),
  isParent: yesNoSchema,
  studentName: z.string().check(z.trim()),
  studentMobile: z.string().check(z.trim()),
  /** Optional: '' or an e-mail. */
  studentEmail: z
    .string()
    .check(z.trim(), z.regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), 'UserForm.invalidEmail')),
  studentDob: isoDateSchema,
  studentGender: genderSchema,
});

/** The field-level range a tutor teaches a subject at (ids of fieldLevels/). */
export const tutorSubjectRangeSchema = z.strictObject({
  levelStart: z.string().check(z.minLength(1)),
  levelEnd: z.string().check(z.minLength(1)),
});

/** A tutor's profile level: subject id -> level range (spec section 3). */
export const tutorProfileLevelRecordSchema = z.strictObject({
  ...profileLevelFields,
  subjects: z.record(z.string(), tutorSubjectRangeSchema),
});

/** Tutor extras (spec section 3). */
export const tutorRecordSchema = z.strictObject({
  ...personFields,
  userType: z.literal('tutor'),
  profileLevel: z.optional(tutorProfileLevelRecordSchema),
  /** 4-digit year. */
  teachingSince: z.nullable(
    z
      .int({ error: 'Tutors.invalidYear' })
      .check(z.gte(1000, 'Tutors.invalidYear'), z.lte(9999, 'Tutors.invalidYear')),
  ),
  /** Whether the tutor is or was a Ministry of Education teacher. */
  isMoe: yesNoSchema,
  /** Minimum hours of teaching per week: more than 0, at most 168. */
  tutorMinDuration: z.nullable(
    z.number().check(z.positive('Tutors.invalidDuration'), z.lte(168, 'Tutors.invalidDuration')),
  ),
  tutorTechInHome: yesNoSchema,
  /** '' or an http(s) address. */
  tutorVideoUrl: z
    .string()
    .check(z.trim(), z.regex(/^$|^https?:\/\/\S+\.\S+/, 'Tutors.invalidUrl')),
  /** Download URL of the CV, or null. */
  cvUrl: z.nullable(z.string()),
  /**
   * Students this tutor is confirmed for: student id -> set of subject ids (subjectId -> true).
   * Mirror of Student.tutorMapping[subject].confirmed, kept consistent by one multi-path update.
   */
  confirmedStudents: z.optional(z.record(z.string(), z.record(z.string(), z.literal(true)))),
});

export type Proficiency = z.infer<typeof proficiencySchema>;
export type StudentProfileLevel = z.infer<typeof studentProfileLevelRecordSchema>;
export type SubjectMapping = z.infer<typeof subjectMappingSchema>;
/** A student as stored. */
export type Student = z.infer<typeof studentRecordSchema>;
export type TutorSubjectRange = z.infer<typeof tutorSubjectRangeSchema>;
export type TutorProfileLevel = z.infer<typeof tutorProfileLevelRecordSchema>;
/** A tutor as stored. */
export type Tutor = z.infer<typeof tutorRecordSchema>;

/**
 * shared/domain/person.ts keeps PersonBase and ProfileLevelBase for code outside this feature
 * (the app's routes, matching); these aliases fail to compile when they drift from the schemas.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type PersonBaseMatchesSchema = Assert<
  Same<Omit<Student, 'userType' | keyof StudentOnly>, PersonBase>
>;
export type ProfileLevelBaseMatchesSchema = Assert<
  Same<Omit<StudentProfileLevel, 'subjects'>, ProfileLevelBase>
>;
type StudentOnly = Omit<Student, keyof typeof personFields>;
