/**
 * The school record, stored at `schools/{id}` (spec section 3, School). The one source of the
 * School type and of the school form's schema (validation.ts);
 * tests/integration/schema-rules.test.ts checks it against database.rules.json (`schools/$id`).
 * Messages are catalogue ids (src/app/i18n/<locale>/schools.json).
 */
import { z } from '@/shared/zod';

export const schoolRecordSchema = z.strictObject({
  /** The record's key, stored as a child too. */
  id: z.string(),
  name: z.string().trim().min(1, 'Schools.nameRequired').max(200),
  /** Two-letter country code, default 'SG'. */
  countryId: z.string().regex(/^[A-Z]{2}$/, 'Schools.countryRequired'),
  address1: z.string().trim().max(200),
  address2: z.string().trim().max(200),
  postcode: z.string().trim().max(20),
  isObsolete: z.boolean(),
  /** Sort key of lists, 0 or more. */
  order: z.number().min(0),
  /** Epoch milliseconds. */
  createdAt: z.number().min(0),
});

/** A school as stored. */
export type School = z.infer<typeof schoolRecordSchema>;
