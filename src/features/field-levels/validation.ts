/**
 * The field level form (spec section 5: "Field level ... submits need name and country").
 * Inputs hold strings; the schema gives the record's fields. Messages are catalogue ids.
 */
import { z } from 'zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import type { FieldLevel } from './types';

/** What the form edits. */
export interface FieldLevelFormValues {
  name: string;
  countryId: string;
  /** Whole number >= 0 as typed; empty means 0 (spec section 9 default). */
  order: string;
  isObsolete: boolean;
}

export const fieldLevelSchema = z.object({
  name: z.string().trim().min(1, 'FieldLevels.nameRequired'),
  countryId: z.string().regex(/^[A-Z]{2}$/, 'FieldLevels.countryRequired'),
  order: optionalWholeNumber('FieldLevels.orderInvalid'),
  isObsolete: z.boolean(),
});

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
  return {
    name: level.name ?? '',
    countryId: level.countryId ?? 'SG',
    order: String(level.order ?? 0),
    isObsolete: level.isObsolete === true,
  };
}
