/**
 * zod pieces for number inputs. Inputs hold strings; these schemas check the text and turn it
 * into a number, with catalogue message ids as issue messages (see fieldErrors).
 */
import { z } from '@/shared/zod';

const WHOLE = /^\d+$/;
/** Up to two decimals: prices have a step of 0.01 (spec section 5). */
const MONEY = /^\d+(\.\d{1,2})?$/;

/** A whole number >= 0; empty means `fallback` (e.g. order, default 0 per spec section 9). */
export const optionalWholeNumber = (invalid: string, fallback = 0) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || WHOLE.test(v), invalid)
    .transform((v) => (v === '' ? fallback : Number(v)));

/** A required whole number >= `min`. */
export const requiredWholeNumber = (required: string, invalid: string, min = 0) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || (WHOLE.test(v) && Number(v) >= min), invalid)
    .transform(Number);

/** A required amount >= 0 with at most two decimals. */
export const requiredMoney = (required: string, invalid: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || MONEY.test(v), invalid)
    .transform(Number);

/** An optional amount >= 0 with at most two decimals; empty means null. */
export const optionalMoney = (invalid: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || MONEY.test(v), invalid)
    .transform((v) => (v === '' ? null : Number(v)));
