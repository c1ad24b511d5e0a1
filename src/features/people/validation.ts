/**
 * Form schemas of the student and tutor forms (spec sections 3, 5 and 9), one per form and tab.
 * Error messages are catalogue ids. The same schemas are used by the forms (to show errors and to
 * disable submit) and by the unit tests.
 */
import { isPhoneNumber, isPostcode } from '@/shared/forms/contactRules';
import * as z from '@/shared/zod';
import { isCvFile, isImage } from './files';
import {
  studentProfileLevelRecordSchema,
  studentRecordSchema,
  tutorProfileLevelRecordSchema,
  tutorRecordSchema,
} from './schema';

/** A phone number (shared/forms/contactRules), required. */
const mobile = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'People.required'),
    z.refine(isPhoneNumber, 'People.invalidMobile'),
  );
/** A phone number or nothing. */
const optionalMobile = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || isPhoneNumber(v), 'People.invalidMobile'),
);
/** A postcode or nothing (shared/forms/contactRules). */
const postcode = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || isPostcode(v), 'People.invalidPostcode'),
);
/** Tags typed in the form: no blank ones. */
const tags = z.array(z.string().check(z.trim(), z.minLength(1)));
/** A chosen file (not stored: uploaded by the save, its URL stored), or none. */
const file = (accepts: (file: File) => boolean, message: string) =>
  z.nullable(z.custom<File>((v) => v instanceof File).check(z.refine(accepts, message)));

/** Stored fields the Basic Profile tab does not edit (set by the account workflow and the tabs). */
const notOnBasicTab = {
  id: true,
  userType: true,
  logoUrl: true,
  createdAt: true,
  isTested: true,
  testResult: true,
  profileLevel: true,
} as const;

/**
 * What the form requires beyond the stored shape (spec section 5: mobile required, no blank tags;
 * a mobile that is a phone number and a postcode that is one), and the photo chosen for upload
 * (spec section 2: images only).
 */
const basicProfileFormFields = {
  mobile,
  postcode,
  info1: tags,
  info2: tags,
  info3: tags,
  photo: file(isImage, 'People.imageOnly'),
};

/**
 * The student's Basic Profile tab: the record's fields with the student extras. Not strict like
 * the record: the form's values hold both kinds' extras, and the other kind's are dropped.
 */
export const studentBasicSchema = z.extend(
  z.object(z.omit(studentRecordSchema, { ...notOnBasicTab, tutorMapping: true }).shape),
  { ...basicProfileFormFields, studentMobile: optionalMobile },
);

/** An optional number typed in a text field: '' is null, else `record` checks the number. */
const optionalNumber = (record: z.ZodMiniType<number | null, number | null>, message: string) =>
  z.pipe(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((v) => v === '' || /^\d+(\.\d+)?$/.test(v), message),
      ),
      z.transform((v: string) => (v === '' ? null : Number(v))),
    ),
    record,
  );

/**
 * The first year of teaching: a 4-digit year (the record's rule) from 1900 to this year, not one
 * to come ('3020').
 */
const teachingSince = z.pipe(
  optionalNumber(tutorRecordSchema.shape.teachingSince, 'Tutors.invalidYear'),
  z.nullable(
    z.number().check(
      z.gte(1900, 'Tutors.yearOutOfRange'),
      z.refine((year) => year <= new Date().getFullYear(), 'Tutors.yearOutOfRange'),
    ),
  ),
);

/** The tutor's Basic Profile tab: the record's fields with the tutor extras, numbers as text. */
export const tutorBasicSchema = z.extend(
  z.object(
    z.omit(tutorRecordSchema, { ...notOnBasicTab, cvUrl: true, confirmedStudents: true }).shape,
  ),
  {
    ...basicProfileFormFields,
    teachingSince,
    tutorMinDuration: optionalNumber(
      tutorRecordSchema.shape.tutorMinDuration,
      'Tutors.invalidDuration',
    ),
    /** A new CV, uploaded on save (spec section 2: images, doc, docx, pdf). */
    cv: file(isCvFile, 'Tutors.cvType'),
  },
);

/** The fee as typed: '' is null (spec section 3, profileLevel). */
const feeField = optionalNumber(studentProfileLevelRecordSchema.shape.fee, 'People.invalidFee');

/** Student profile level: subject id -> below | avg | above (spec sections 3 and 9). */
export const studentProfileLevelSchema = z.extend(studentProfileLevelRecordSchema, {
  fee: feeField,
});

/**
 * Tutor profile level: subject id -> level range. `levelOrder` gives a field level's `order`, so
 * the range can be checked (start not above end).
 */
export function tutorProfileLevelSchema(levelOrder: (id: string) => number | undefined) {
  return z.extend(tutorProfileLevelRecordSchema, {
    fee: feeField,
    subjects: z.record(
      z.string(),
      tutorProfileLevelRecordSchema.shape.subjects.def.valueType.check(
        z.refine(
          ({ levelStart, levelEnd }) =>
            (levelOrder(levelStart) ?? Infinity) <= (levelOrder(levelEnd) ?? -Infinity),
          'Tutors.invalidRange',
        ),
      ),
      { message: 'Tutors.invalidRange' },
    ),
  });
}
