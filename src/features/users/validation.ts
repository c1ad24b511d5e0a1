/**
 * Validation of the user form (spec section 5, User form), as zod schemas whose error messages are
 * catalogue ids (src/app/i18n/<locale>/users.json). The form and its tests use the same schemas.
 */
import { parseISO } from 'date-fns';
import * as z from '@/shared/zod';
import { userRecordSchema } from './schema';

/**
 * Largest logo accepted, in bytes: 2 MB. The same limit is enforced by storage.rules
 * (`match /users/{file}`) and stated in the form's hint (Users.logoHint).
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A logo file (spec 5: "The logo must be an image"; storage.rules: image/* under 2 MB). The
 * file picker's accept="image/*" is only a hint to the browser, so the type is checked again.
 */
const logoSchema = z
  .custom<File>((value) => value instanceof Blob, 'Users.logoNotImage')
  .check(
    z.refine((file) => file.type.startsWith('image/'), 'Users.logoNotImage'),
    z.refine((file) => file.size < LOGO_MAX_BYTES, 'Users.logoTooLarge'),
  );

/**
 * The user form (spec 5): e-mail required and matching the pattern ('Invalid E-mail'), name and
 * location required, a created date typed strictly as dd/MM/yyyy (held as 'yyyy-MM-dd' by the
 * shared DateField; 'Invalid date' otherwise), and an optional new logo. The stored fields come
 * from the record schema; parsing trims the texts and gives `createdAt` in epoch milliseconds
 * (local midnight of the day), as stored.
 */
export const userFormSchema = z.extend(z.omit(userRecordSchema, { id: true, logoUrl: true }), {
  location: userRecordSchema.shape.location.check(z.minLength(1, 'Users.locationRequired')),
  createdAt: z.pipe(
    z.nullable(z.string()).check(
      z.refine((day) => day !== null && day !== '', 'Users.createdAtRequired'),
      z.refine((day) => !day || /^\d{4}-\d{2}-\d{2}$/.test(day), 'Users.invalidDate'),
    ),
    z.transform((day: string | null) => parseISO(day as string).getTime()),
  ),
  logo: z.nullable(logoSchema),
});

/** What the user form edits (`createdAt`: 'yyyy-MM-dd' or null; `logo`: a picked file). */
export type UserFormValues = z.input<typeof userFormSchema>;

/** Parsed form output: the record's fields and the new logo. */
export type UserFormData = z.output<typeof userFormSchema>;

/** The message id of what is wrong with `file` as a logo, or null when it is acceptable. */
export function logoProblem(file: File): string | null {
  const result = logoSchema.safeParse(file);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Users.logoNotImage');
}
