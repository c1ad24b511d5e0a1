/**
 * The school form (spec section 5: "Field level and school submits need name and country").
 * Inputs hold strings; the schema gives the record's fields. Messages are catalogue ids.
 */
import { isPostcode } from '@/shared/forms/contactRules';
import { recordToForm } from '@/shared/forms/recordToForm';
import * as z from '@/shared/zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import { schoolRecordSchema } from './schema';
import type { School } from './types';

/** The form's schema: the record's fields, with the order typed as text and a real postcode. */
export const schoolSchema = z.extend(
  z.omit(schoolRecordSchema, { id: true, order: true, createdAt: true }),
  {
    order: optionalWholeNumber('Schools.orderInvalid'),
    postcode: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || isPostcode(v), 'Schools.invalidPostcode'),
    ),
  },
);

/** What the form edits; order as typed ('' means 0, spec section 9). */
export type SchoolFormValues = Required<z.input<typeof schoolSchema>>;

/** The record fields the form saves. */
export type SchoolInput = z.output<typeof schoolSchema>;

/** Form values of a new school: Singapore, order 0 (spec section 9 defaults). */
export const emptySchool: SchoolFormValues = {
  name: '',
  countryId: 'SG',
  address1: '',
  address2: '',
  postcode: '',
  order: '0',
  isObsolete: false,
};

/** Form values of a stored school. */
export function schoolToForm(school: School): SchoolFormValues {
  return recordToForm(school, emptySchool);
}
