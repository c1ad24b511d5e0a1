/**
 * The school record, stored at `schools/{id}` (spec section 3, School). The one source of the
 * School type and of the school form's schema (validation.ts);
 * tests/integration/schema-rules.test.ts checks it against database.rules.json (`schools/$id`).
 * Messages are catalogue ids (src/app/i18n/<locale>/schools.json).
 */
import * as z from '@/shared/zod';

export const schoolRecordSchema = z.strictObject({
  /** The record's key, stored as a child too. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'Schools.nameRequired'), z.maxLength(200)),
  /** Two-letter country code, default 'SG'. */
  countryId: z.string().check(z.regex(/^[A-Z]{2}$/, 'Schools.countryRequired')),
  address1: z.string().check(z.trim(), z.maxLength(200)),
  address2: z.string().check(z.trim(), z.maxLength(200)),
  postcode: z.string().check(z.trim(), z.maxLength(20)),
  isObsolete: z.boolean(),
  /** Sort key of lists, 0 or more. */
  order: z.number().check(z.gte(0)),
  /** Epoch milliseconds. */
  createdAt: z.number().check(z.gte(0)),
});

/** A school as stored. */
export type School = z.infer<typeof schoolRecordSchema>;
