/**
 * The browsing level record, stored at `levels/{id}` (spec section 3, Browsing level). The one
 * source of the Level type and of the level form's schema (validation.ts);
 * tests/integration/schema-rules.test.ts checks it against database.rules.json (`levels/$id`).
 * Messages are catalogue ids (src/app/i18n/<locale>/levels.json).
 */
import * as z from '@/shared/zod';

/** Who a browsing level is for (spec section 3, Browsing level; labels in section 9). */
export const accessBySchema = z.enum(['tutor', 'student_free', 'student_paid'], {
  message: 'Levels.accessByRequired',
});

/** The eight field-visibility switches of a browsing level, in form order (spec section 3). */
export const levelFieldsSchema = z.strictObject({
  contact: z.boolean(),
  email: z.boolean(),
  houseNumber: z.boolean(),
  buildingName: z.boolean(),
  unitNumber: z.boolean(),
  street1: z.boolean(),
  street2: z.boolean(),
  postcode: z.boolean(),
});

export const levelRecordSchema = z.strictObject({
  /** The record's key, stored as a child too. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'Levels.nameRequired'), z.maxLength(200)),
  accessBy: accessBySchema,
  description: z
    .string()
    .check(z.trim(), z.minLength(1, 'Levels.descriptionRequired'), z.maxLength(2000)),
  /** Display order, 0 or more (spec 9 default 0). */
  order: z.number().check(z.gte(0)),
  /** Epoch milliseconds. */
  createdAt: z.number().check(z.gte(0)),
  fields: levelFieldsSchema,
});

/** Who a browsing level is for. */
export type AccessBy = z.infer<typeof accessBySchema>;
/** The eight field-visibility switches. */
export type LevelFields = z.infer<typeof levelFieldsSchema>;
/** A browsing level as stored. */
export type Level = z.infer<typeof levelRecordSchema>;
