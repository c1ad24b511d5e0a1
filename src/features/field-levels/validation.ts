/**
 * The field level form (spec section 5: "Field level ... submits need name and country").
 * Inputs hold strings; the schema gives the record's fields. Messages are catalogue ids.
 */
import { recordToForm } from '@/shared/forms/recordToForm';
import * as z from '@/shared/zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import { fieldLevelRecordSchema } from './schema';
import type { FieldLevel } from './types';

/** The form's schema: the record's fields, with the order typed as text. */
export const fieldLevelSchema = z.extend(
  z.omit(fieldLevelRecordSchema, { id: true, order: true, createdAt: true }),
  { order: optionalWholeNumber('FieldLevels.orderInvalid') },
);

/** What the form edits; order as typed ('' means 0, spec section 9). */
export type FieldLevelFormValues = Required<z.input<typeof fieldLevelSchema>>;

/** The record fields the form saves. */
export type FieldLevelInput = z.output<typeof fieldLevelSchema>;

/** Form values of a new field level: Singapore, order 0 (spec section 9 defaults). */
export const emptyFieldLevel: FieldLevelFormValues = {
  name: '',
  countryId: 'SG',
  order: '0',
  isObsolete: false,
};

/** Form values of a stored field level. */
export function fieldLevelToForm(level: FieldLevel): FieldLevelFormValues {
  return recordToForm(level, emptyFieldLevel);
}
