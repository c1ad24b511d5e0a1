/**
 * Conversions between stored students/tutors and the values their forms edit (text inputs hold
 * strings; numbers and nulls are restored by the zod schemas in validation.ts).
 */
import type * as z from '@/shared/zod';
import type { Proficiency, Student, Tutor, TutorSubjectRange } from './schema';
import type { studentBasicSchema, studentProfileLevelSchema, tutorBasicSchema } from './validation';

/**
 * Everything the Basic Profile tab edits, for either kind (extras of the other are ignored): the
 * inputs of both kinds' form schemas (validation.ts), so the stored fields keep their stored types
 * (one definition of gender, Yes/No, dates), the tutor's numbers are text while edited, and the
 * photo and CV are files chosen to replace the stored ones. Every field is required here, optional
 * stored ones included, so a field added to a schema is a compile error in basicValues below.
 */
export type PersonBasicValues = Required<
  z.input<typeof studentBasicSchema> & z.input<typeof tutorBasicSchema>
>;

/** Form values of a stored person, or the defaults of a new one (spec section 9: male, SG,
 * active, Yes/No 0). */
export function basicValues(person?: Student | Tutor): PersonBasicValues {
  const s = person?.userType === 'student' ? person : undefined;
  const t = person?.userType === 'tutor' ? person : undefined;
  return {
    email: person?.email ?? '',
    name: person?.name ?? '',
    mobile: person?.mobile ?? '',
    gender: person?.gender ?? 'male',
    dob: person?.dob ?? null,
    info1: person?.info1 ?? [],
    info2: person?.info2 ?? [],
    info3: person?.info3 ?? [],
    houseNumber: person?.houseNumber ?? '',
    buildingName: person?.buildingName ?? '',
    street1: person?.street1 ?? '',
    street2: person?.street2 ?? '',
    postcode: person?.postcode ?? '',
    countryId: person?.countryId ?? 'SG',
    status: person?.status ?? true,
    isParent: s?.isParent ?? 0,
    studentName: s?.studentName ?? '',
    studentMobile: s?.studentMobile ?? '',
    studentEmail: s?.studentEmail ?? '',
    studentDob: s?.studentDob ?? null,
    studentGender: s?.studentGender ?? 'male',
    teachingSince: t?.teachingSince ? String(t.teachingSince) : '',
    isMoe: t?.isMoe ?? 0,
    tutorMinDuration: t?.tutorMinDuration != null ? String(t.tutorMinDuration) : '',
    tutorTechInHome: t?.tutorTechInHome ?? 0,
    tutorVideoUrl: t?.tutorVideoUrl ?? '',
    photo: null,
    cv: null,
  };
}

/**
 * What the Profile Level tab edits, for either kind (spec section 3, profileLevel): the inputs of
 * the form schema (validation.ts), with the fee as text.
 */
export type ProfileLevelValues = Omit<
  Required<z.input<typeof studentProfileLevelSchema>>,
  'preferredTime' | 'subjects'
> & {
  /** One of PREFERRED_TIMES, or '' until chosen. */
  preferredTime: string;
  /** Subject id -> the kind's value (a student's proficiency, a tutor's level range). */
  subjects: Record<string, Proficiency | TutorSubjectRange>;
};

/** Form values of a person's stored profile level, or the empty one (spec section 9). */
export function profileLevelValues(person: Student | Tutor): ProfileLevelValues {
  const p = person.profileLevel;
  return {
    levelId: p?.levelId ?? null,
    schoolId: p?.schoolId ?? null,
    fee: p?.fee != null ? String(p.fee) : '',
    preferredTime: p?.preferredTime ?? '',
    startDate: p?.startDate ?? null,
    groupTuition: p?.groupTuition ?? 0,
    additionalRequest: p?.additionalRequest ?? '',
    browsingLevelId: p?.browsingLevelId ?? null,
    subjects: { ...(p?.subjects ?? {}) },
  };
}
