/**
 * Validation of the user form (spec section 5, User form), as zod schemas whose error messages are
 * catalogue ids (src/app/i18n/<locale>/users.json). The form and its tests use the same schemas.
 */
import { z } from 'zod';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import { userRecordSchema } from './schema';

/**
 * Largest logo accepted, in bytes: 2 MB. The same limit is enforced by storage.rules
 * (`match /users/{file}`) and stated in the form's hint (Users.logoHint).
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The user form (spec 5): e-mail required and matching the pattern ('Invalid E-mail'), name and
 * location required, a created date. The stored fields come from the record schema; parsing trims
 * the texts and yields a Date (the record stores epoch milliseconds).
 */
export const userFormSchema = userRecordSchema
  .omit({ id: true, logoUrl: true, createdAt: true })
  .extend({
    location: userRecordSchema.shape.location.min(1, 'Users.locationRequired'),
    createdAt: z.date({ error: 'Users.createdAtRequired' }),
  });

/** The values the user form edits. `createdAt` is null until a date is picked. */
export type UserFormValues = Omit<Required<z.input<typeof userFormSchema>>, 'createdAt'> & {
  createdAt: Date | null;
};

/** Parsed form output. */
export type UserFormData = z.output<typeof userFormSchema>;

/** Field name -> message id of its first problem, for the fields that have one. */
type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

/**
 * Checks the form's values.
 * @returns `valid` (submit is enabled only then, spec 5), the parsed data when valid, and the
 *   first message id per invalid field.
 */
export function checkUserForm(values: UserFormValues): {
  valid: boolean;
  data: UserFormData | null;
  errors: UserFormErrors;
} {
  const result = userFormSchema.safeParse(values);
  if (result.success) return { valid: true, data: result.data, errors: {} };
  return { valid: false, data: null, errors: fieldErrors(result.error) };
}

/**
 * A logo file (spec 5: "The logo must be an image"; storage.rules: image/* under 2 MB). The
 * file picker's accept="image/*" is only a hint to the browser, so the type is checked again.
 */
const logoSchema = z
  .custom<File>((value) => value instanceof Blob, 'Users.logoNotImage')
  .refine((file) => file.type.startsWith('image/'), 'Users.logoNotImage')
  .refine((file) => file.size < LOGO_MAX_BYTES, 'Users.logoTooLarge');

/** The message id of what is wrong with `file` as a logo, or null when it is acceptable. */
export function logoProblem(file: File): string | null {
  const result = logoSchema.safeParse(file);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Users.logoNotImage');
}
