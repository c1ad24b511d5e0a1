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

/** Names compared as a person reads them: trimmed, any case, accents kept. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/**
 * The form's schema with the name unique within its country ('FieldLevels.nameTaken'): two field
 * levels named 'Primary 1' for one country could not be told apart in the subject's level range
 * or a person's profile level.
 * @param taken whether another field level of `countryId` already has `name`
 */
export function fieldLevelSchemaFor(taken: (name: string, countryId: string) => boolean) {
  return fieldLevelSchema.check(
    z.refine(({ name, countryId }) => name.trim() === '' || !taken(name, countryId), {
      message: 'FieldLevels.nameTaken',
      path: ['name'],
    }),
  );
}

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
