/**
 * The school form (spec section 5: "Field level and school submits need name and country").
 * Inputs hold strings; the schema gives the record's fields. Messages are catalogue ids.
 */
import { z } from 'zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import type { School } from './types';

/** What the form edits. */
export interface SchoolFormValues {
  name: string;
  countryId: string;
  address1: string;
  address2: string;
  postcode: string;
  /** Whole number >= 0 as typed; empty means 0 (spec section 9 default). */
  order: string;
  isObsolete: boolean;
}

export const schoolSchema = z.object({
  name: z.string().trim().min(1, 'Schools.nameRequired'),
  countryId: z.string().regex(/^[A-Z]{2}$/, 'Schools.countryRequired'),
  address1: z.string().trim(),
  address2: z.string().trim(),
  postcode: z.string().trim(),
  order: optionalWholeNumber('Schools.orderInvalid'),
  isObsolete: z.boolean(),
});

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
  return {
    name: school.name ?? '',
    countryId: school.countryId ?? 'SG',
    address1: school.address1 ?? '',
    address2: school.address2 ?? '',
    postcode: school.postcode ?? '',
    order: String(school.order ?? 0),
    isObsolete: school.isObsolete === true,
  };
}
