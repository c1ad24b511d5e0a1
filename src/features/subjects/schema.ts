/**
 * The subject record, stored at `subjects/{id}` (spec section 3, Subject and Subject settings;
 * rules of section 5). The one source of the Subject types and of the Basic Info form's schema
 * (validation.ts); tests/integration/schema-rules.test.ts checks it against database.rules.json
 * (`subjects/$id`). Messages are catalogue ids (src/app/i18n/<locale>/subjects.json).
 */
import * as z from '@/shared/zod';

/** Allowed package multiples (spec section 9). */
export const multipleQtyRestrictionSchema = z.union([z.literal(2), z.literal(4), z.literal(6)]);

/**
 * Spec section 5: 'Sale price should be empty or less than Original Price'. Shared by the record
 * schema and the Settings form, whose parsed values have the same two fields.
 */
export const salePriceRule = {
  check: (s: { salePrice: number | null; originalPrice: number }) =>
    s.salePrice === null || s.salePrice < s.originalPrice,
  message: 'Subjects.salePriceTooHigh',
  path: ['salePrice'],
} as const;

/** Prices and package rules of a subject (spec section 3, Subject settings; rules in 5). */
export const subjectSettingsRecordSchema = z
  .strictObject({
    /** Price of one lesson, currency units with 2 decimals (step 0.01). */
    originalPrice: z.number().check(z.gte(0)),
    /** Optional, must be below originalPrice. */
    salePrice: z.nullable(z.number().check(z.gte(0))),
    /** Minimum lessons bought through a QR order. */
    minimumQRPurchase: z.number().check(z.gte(1)),
    multipleQtyRestriction: multipleQtyRestrictionSchema,
    /** Days of validity per lesson bought. */
    expiryMultiplier: z.number().check(z.gte(1)),
    /** Add-on: extra days of validity sold for expiryPrice. */
    expiryDays: z.number().check(z.gte(0)),
    expiryPrice: z.number().check(z.gte(0)),
  })
  .check(
    z.refine(salePriceRule.check, {
      message: salePriceRule.message,
      path: [...salePriceRule.path],
    }),
  );

export const subjectRecordSchema = z.strictObject({
  /** The record's key, stored as a child too. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'Subjects.nameRequired'), z.maxLength(200)),
  /** Field level ids bounding the levels at which the subject is taught; '' for none. */
  levelStart: z.string().check(z.maxLength(200)),
  levelEnd: z.string().check(z.maxLength(200)),
  /** Two-letter country code, default 'SG'. */
  countryId: z.string().check(z.regex(/^[A-Z]{2}$/, 'Subjects.countryRequired')),
  isObsolete: z.boolean(),
  /** Sort key of lists, 0 or more. */
  order: z.number().check(z.gte(0)),
  /** Epoch milliseconds. */
  createdAt: z.number().check(z.gte(0)),
  /** Absent until the Settings tab is saved. */
  settings: z.optional(subjectSettingsRecordSchema),
});

/** Allowed package multiples. */
export type MultipleQtyRestriction = z.infer<typeof multipleQtyRestrictionSchema>;
/** A subject's prices and package rules as stored. */
export type SubjectSettings = z.infer<typeof subjectSettingsRecordSchema>;
/** A subject as stored. */
export type Subject = z.infer<typeof subjectRecordSchema>;
