/**
 * The field level record (a school level such as 'Primary 1'), stored at `fieldLevels/{id}`
 * (spec section 3, Field level). The one source of the FieldLevel type and of the form's schema
 * (validation.ts); tests/integration/schema-rules.test.ts checks it against database.rules.json
 * (`fieldLevels/$id`). Messages are catalogue ids (src/app/i18n/<locale>/fieldLevels.json).
 */
import * as z from '@/shared/zod';

export const fieldLevelRecordSchema = z.strictObject({
  /** The record's key, stored as a child too. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'FieldLevels.nameRequired'), z.maxLength(200)),
  /** Two-letter country code, default 'SG'. */
  countryId: z.string().check(z.regex(/^[A-Z]{2}$/, 'FieldLevels.countryRequired')),
  isObsolete: z.boolean(),
  /** Sort key of lists, 0 or more. */
  order: z.number().check(z.gte(0)),
  /** Epoch milliseconds. */
  createdAt: z.number().check(z.gte(0)),
});

/** A field level as stored. */
export type FieldLevel = z.infer<typeof fieldLevelRecordSchema>;
