/**
 * A country: an entry of the built-in list (name, two-letter code, dial code), or a record stored
 * at `countries/{id}` that overrides the built-in entry with the same code (spec section 3,
 * Country). The one source of the Country type; tests/integration/schema-rules.test.ts checks it
 * against database.rules.json (`countries/$id`).
 */
import * as z from '@/shared/zod';

export const countryRecordSchema = z.strictObject({
  /** The record's key; present only on stored records. */
  id: z.optional(z.string()),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** ISO 3166-1 alpha-2 code, e.g. 'SG'. */
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** International dialling prefix, e.g. '+65'. */
  dial_code: z.string().check(z.maxLength(20)),
  /** Present only on stored records. */
  isObsolete: z.optional(z.boolean()),
});

/** A built-in or stored country. */
export type Country = z.infer<typeof countryRecordSchema>;
