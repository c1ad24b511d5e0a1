/**
 * The browsing level form (spec section 5: "Browsing level submit needs name, accessBy and
 * description"). Inputs hold strings; the schema gives the record's fields. Messages are
 * catalogue ids.
 */
import { z } from 'zod';
import { optionalWholeNumber } from '@/shared/forms/numberFields';
import type { AccessBy, Level, LevelFields } from './types';

/** The eight visibility switches, in form order (spec section 3). */
export const LEVEL_FIELD_NAMES: readonly (keyof LevelFields)[] = [
  'contact',
  'email',
  'houseNumber',
  'buildingName',
  'unitNumber',
  'street1',
  'street2',
  'postcode',
];

/** What the form edits. */
export interface LevelFormValues {
  name: string;
  /** '' until chosen. */
  accessBy: AccessBy | '';
  description: string;
  /** Whole number >= 0 as typed; empty means 0 (spec section 9 default). */
  order: string;
  fields: LevelFields;
}

export const levelSchema = z.object({
  name: z.string().trim().min(1, 'Levels.nameRequired'),
  accessBy: z.enum(['tutor', 'student_free', 'student_paid'], {
    message: 'Levels.accessByRequired',
  }),
  description: z.string().trim().min(1, 'Levels.descriptionRequired'),
  order: optionalWholeNumber('Levels.orderInvalid'),
  fields: z.object({
    contact: z.boolean(),
    email: z.boolean(),
    houseNumber: z.boolean(),
    buildingName: z.boolean(),
    unitNumber: z.boolean(),
    street1: z.boolean(),
    street2: z.boolean(),
    postcode: z.boolean(),
  }),
});

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
  return {
    name: level.name ?? '',
    accessBy: level.accessBy ?? '',
    description: level.description ?? '',
    order: String(level.order ?? 0),
    fields: { ...noFields, ...level.fields },
  };
}
