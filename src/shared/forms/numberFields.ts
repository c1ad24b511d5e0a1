/**
 * zod pieces for number inputs. Inputs hold strings; these schemas check the text and turn it
 * into a number, with catalogue message ids as issue messages (see fieldErrors).
 */
import * as z from '@/shared/zod';

const WHOLE = /^\d+$/;
/** Up to two decimals: prices have a step of 0.01 (spec section 5). */
const MONEY = /^\d+(\.\d{1,2})?$/;

/** A whole number >= 0; empty means `fallback` (e.g. order, default 0 per spec section 9). */
export const optionalWholeNumber = (invalid: string, fallback = 0) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || WHOLE.test(v), invalid),
    ),
    z.transform((v: string) => (v === '' ? fallback : Number(v))),
  );

/** A required whole number >= `min`. */
export const requiredWholeNumber = (required: string, invalid: string, min = 0) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, required),
      z.refine((v) => v === '' || (WHOLE.test(v) && Number(v) >= min), invalid),
    ),
    z.transform(Number),
  );

/** A required amount >= 0 with at most two decimals. */
export const requiredMoney = (required: string, invalid: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, required),
      z.refine((v) => v === '' || MONEY.test(v), invalid),
    ),
    z.transform(Number),
  );

/** An optional amount >= 0 with at most two decimals; empty means null. */
export const optionalMoney = (invalid: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || MONEY.test(v), invalid),
    ),
    z.transform((v: string) => (v === '' ? null : Number(v))),
  );
