/**
 * Form schemas of the student and tutor forms (spec sections 3, 5 and 9), one per form and tab.
 * Error messages are catalogue ids. The same schemas are used by the forms (to show errors and to
 * disable submit) and by the unit tests.
 */
import { z } from 'zod';
import { PREFERRED_TIMES, type PreferredTime } from '@/shared/domain/person';
import { EMAIL_PATTERN } from '@/shared/forms/email';
import { isCvFile, isImage } from './files';

const required = z.string().trim().min(1, 'People.required');
const optionalText = z.string().trim();
const yesNo = z.union([z.literal(0), z.literal(1)]);
const gender = z.enum(['male', 'female']);
/** ISO date 'yyyy-MM-dd' as stored (the picker shows dd/MM/yyyy), or null. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'People.invalidDate')
  .nullable();
const tags = z.array(z.string().trim().min(1));
/** A chosen file (not stored: uploaded by the save, its URL stored), or none. */
const file = (accepts: (file: File) => boolean, message: string) =>
  z
    .custom<File>((v) => v instanceof File)
    .refine(accepts, message)
    .nullable();

/** Fields of the Basic Profile tab shared by students and tutors (spec section 3). */
const basicProfileSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, 'UserForm.invalidEmail'),
  name: required,
  mobile: required,
  gender,
  dob: isoDate,
  info1: tags,
  info2: tags,
  info3: tags,
  houseNumber: optionalText,
  buildingName: optionalText,
  street1: optionalText,
  street2: optionalText,
  postcode: optionalText,
  countryId: z.string().regex(/^[A-Z]{2}$/, 'People.required'),
  status: z.boolean(),
  /** A new photo, uploaded on save (spec section 2: images only). */
  photo: file(isImage, 'People.imageOnly'),
});

/** Student extras (spec section 3). */
export const studentBasicSchema = basicProfileSchema.extend({
  isParent: yesNo,
  studentName: optionalText,
  studentMobile: optionalText,
  studentEmail: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'UserForm.invalidEmail'),
  studentDob: isoDate,
  studentGender: gender,
});

/** An optional whole number typed in a text field: '' is null. */
const optionalNumber = (check: (n: number) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+(\.\d+)?$/.test(v) && check(Number(v))), message)
    .transform((v) => (v === '' ? null : Number(v)));

/** Tutor extras (spec section 3): a 4-digit year, hours per week, a URL. */
export const tutorBasicSchema = basicProfileSchema.extend({
  teachingSince: optionalNumber(
    (n) => Number.isInteger(n) && n >= 1000 && n <= 9999,
    'Tutors.invalidYear',
  ),
  isMoe: yesNo,
  tutorMinDuration: optionalNumber((n) => n > 0 && n <= 168, 'Tutors.invalidDuration'),
  tutorTechInHome: yesNo,
  tutorVideoUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/\S+\.\S+/.test(v), 'Tutors.invalidUrl'),
  /** A new CV, uploaded on save (spec section 2: images, doc, docx, pdf). */
  cv: file(isCvFile, 'Tutors.cvType'),
});

const preferredTime = z
  .string()
  .refine((v): v is PreferredTime => (PREFERRED_TIMES as readonly string[]).includes(v), {
    message: 'People.required',
  })
  .transform((v) => v as PreferredTime);

/** Profile Level fields common to students and tutors (spec section 3, profileLevel). */
const profileLevelBase = z.object({
  levelId: z.string().nullable(),
  schoolId: z.string().nullable(),
  fee: optionalNumber((n) => n >= 0, 'People.invalidFee'),
  preferredTime,
  startDate: isoDate,
  groupTuition: yesNo,
  additionalRequest: optionalText,
  browsingLevelId: z.string().nullable(),
});

/** Student profile level: subject id -> below | avg | above (spec sections 3 and 9). */
export const studentProfileLevelSchema = profileLevelBase.extend({
  subjects: z.record(z.string(), z.enum(['below', 'avg', 'above'])),
});

/**
 * Tutor profile level: subject id -> level range. `levelOrder` gives a field level's `order`, so
 * the range can be checked (start not above end).
 */
export function tutorProfileLevelSchema(levelOrder: (id: string) => number | undefined) {
  return profileLevelBase.extend({
    subjects: z.record(
      z.string(),
      z
        .object({ levelStart: z.string().min(1), levelEnd: z.string().min(1) })
        .refine(
          ({ levelStart, levelEnd }) =>
            (levelOrder(levelStart) ?? Infinity) <= (levelOrder(levelEnd) ?? -Infinity),
          'Tutors.invalidRange',
        ),
      { message: 'Tutors.invalidRange' },
    ),
  });
}
