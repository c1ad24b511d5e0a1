/**
 * The browsing level form (spec section 5: "Browsing level submit needs name, accessBy and
 * description"). Inputs hold strings; the schema gives the record's fields. Messages are
 * catalogue ids.
 */
import { recordToForm } from '@/shared/forms/recordToForm';
import * as z from '@/shared/zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import { levelFieldsSchema, levelRecordSchema } from './schema';
import type { AccessBy, Level, LevelFields } from './types';

/** The eight visibility switches, in form order (spec section 3). */
export const LEVEL_FIELD_NAMES = z.keyof(levelFieldsSchema).options;

/** The form's schema: the record's fields, with the order typed as text. */
export const levelSchema = z.extend(
  z.omit(levelRecordSchema, { id: true, order: true, createdAt: true }),
  { order: optionalWholeNumber('Levels.orderInvalid') },
);

/** What the form edits: accessBy is '' until chosen; order is text ('' means 0, spec 9). */
export type LevelFormValues = Omit<Required<z.input<typeof levelSchema>>, 'accessBy'> & {
  accessBy: AccessBy | '';
};

/** The record fields the form saves. */
export type LevelInput = z.output<typeof levelSchema>;

const noFields: LevelFields = {
  contact: false,
  email: false,
  houseNumber: false,
  buildingName: false,
  unitNumber: false,
  street1: false,
  street2: false,
  postcode: false,
};

/** Form values of a new browsing level: every field hidden, order 0. */
export const emptyLevel: LevelFormValues = {
  name: '',
  accessBy: '',
  description: '',
  order: '0',
  fields: noFields,
};

/** Form values of a stored browsing level (missing switches read as off). */
export function levelToForm(level: Level): LevelFormValues {
  return recordToForm(level, emptyLevel);
}
