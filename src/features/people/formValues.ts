/**
 * Conversions between stored students/tutors and the values their forms edit (text inputs hold
 * strings; numbers and nulls are restored by the zod schemas in validation.ts).
 */
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import type { Proficiency } from '@/features/people/students/types';
import type { TutorSubjectRange } from '@/features/people/tutors/types';
import type { PersonBase, YesNo } from '@/shared/domain/person';

/**
 * Everything the Basic Profile tab edits, for either kind (extras of the other are ignored). The
 * stored fields keep their stored types (PersonBase, Student, Tutor: one definition of gender,
 * Yes/No, dates); only the tutor's numbers are text while edited.
 */
export interface PersonBasicValues
  extends
    Pick<
      PersonBase,
      | 'email'
      | 'name'
      | 'mobile'
      | 'gender'
      | 'dob'
      | 'info1'
      | 'info2'
      | 'info3'
      | 'houseNumber'
      | 'buildingName'
      | 'street1'
      | 'street2'
      | 'postcode'
      | 'countryId'
      | 'status'
    >,
    Pick<
      Student,
      'isParent' | 'studentName' | 'studentMobile' | 'studentEmail' | 'studentDob' | 'studentGender'
    >,
    Pick<Tutor, 'isMoe' | 'tutorTechInHome' | 'tutorVideoUrl'> {
  /** As typed; validation.ts turns it into a number or null. */
  teachingSince: string;
  /** As typed; validation.ts turns it into a number or null. */
  tutorMinDuration: string;
  /** A photo chosen to replace the stored one. */
  photo: File | null;
  /** A tutor's CV chosen to replace the stored one. */
  cv: File | null;
}

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

/** What the Profile Level tab edits, for either kind (spec section 3, profileLevel). */
export interface ProfileLevelValues {
  levelId: string | null;
  schoolId: string | null;
  /** As typed; validation.ts turns it into a number or null. */
  fee: string;
  /** One of PREFERRED_TIMES, or '' until chosen. */
  preferredTime: string;
  startDate: string | null;
  groupTuition: YesNo;
  additionalRequest: string;
  browsingLevelId: string | null;
  /** Subject id -> the kind's value (a student's proficiency, a tutor's level range). */
  subjects: Record<string, Proficiency | TutorSubjectRange>;
}

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
