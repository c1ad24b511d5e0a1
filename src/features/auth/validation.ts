/**
 * The schemas of the auth forms (spec section 5, Validation rules; spec 9 constants), for the one
 * form system (src/shared/forms/useFormState). Issue messages are catalogue ids (auth.json).
 *
 * The password forms show live hints that name each rule as kept or broken ('Safe password' /
 * 'Insecure password', 'Passwords match' / 'Passwords do not match'); `failedRules` reads them from
 * the same schema, so the hints, the disabled submit and the checks before a request agree.
 *
 * Written, as every schema of the app, with zod's tree-shakable API (shared/zod: functions
 * instead of methods; zod docs, "Zod Mini"): these are the only schemas the signed-out screens
 * load, and only the zod functions they use reach /login.
 */
import * as z from '@/shared/zod';
import { EMAIL_PATTERN } from '@/shared/forms/email';

/** Minimum password length (spec section 9). */
export const MIN_PASSWORD_LENGTH = 6;

/** True when `email` looks like an e-mail address (spec 5). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** True when `password` has at least MIN_PASSWORD_LENGTH characters (spec 5 and 9). */
export function isSafePassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}

/** The message ids of every rule `values` break (all of them, not the first per field). */
export function failedRules(schema: z.ZodMiniType, values: unknown): Set<string> {
  const result = z.safeParse(schema, values);
  return new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
}

/**
 * E-mail and password sign-in (spec 5: "Normal login has no client check beyond required
 * fields"). The output's e-mail is trimmed.
 */
export const loginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Auth.emailRequired')),
  password: z.string().check(z.minLength(1, 'Auth.passwordRequired')),
});
export type LoginFields = z.input<typeof loginSchema>;

/** Spec 5: the confirmation equals the new password, 'Passwords do not match'. */
function confirmationMatches(
  values: { confirmation: string },
  password: string,
  ctx: z.core.$RefinementCtx,
) {
  if (values.confirmation !== password) {
    ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'Auth.passwordsDoNotMatch' });
  }
}

/**
 * The first password of an invited person, from the e-mailed sign-in link (spec 5: a general
 * e-mail pattern, 'Invalid email'; at least 6 characters, 'Unsafe password'), typed twice as on
 * the reset page ('Passwords do not match'), so a typo does not lock the person out.
 */
export const setPasswordSchema = z
  .object({
    email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN, 'Auth.invalidEmail')),
    password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, 'Auth.unsafePassword')),
    confirmation: z.string(),
  })
  .check(z.superRefine((values, ctx) => confirmationMatches(values, values.password, ctx)));

/** The fields of the sign-in-link form. */
export type SetPasswordFields = z.input<typeof setPasswordSchema>;

/**
 * Password recovery (spec 2): an e-mail is required. Its format is checked by `sendResetLink`
 * ('auth/invalid-email' shown as the failure), as it was before this schema.
 */
export const recoverSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Auth.emailRequired')),
});
export type RecoverFields = z.input<typeof recoverSchema>;

/** A new password and its confirmation (the profile's and the reset link's forms). */
export interface NewPasswordFields {
  next: string;
  confirmation: string;
}

/** The change-password fields (spec 2, Profile): the current password too. */
export interface ChangePasswordFields extends NewPasswordFields {
  current: string;
}

const newPasswordShape = {
  next: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, 'Auth.insecurePassword')),
  confirmation: z.string(),
};

/**
 * A new password chosen from a reset link (/auth/action?mode=resetPassword): the profile's rules
 * of spec 5 except the one that needs the current password.
 */
export const newPasswordSchema = z
  .object(newPasswordShape)
  .check(z.superRefine((values, ctx) => confirmationMatches(values, values.next, ctx)));

/**
 * Change password (spec 5): at least 6 characters, confirmed, and different from the current one
 * ('The new password and the current one cannot be the same'); the current one is required.
 */
export const changePasswordSchema = z
  .object({
    current: z.string().check(z.minLength(1, 'Auth.currentPasswordRequired')),
    ...newPasswordShape,
  })
  .check(
    z.superRefine((values, ctx) => {
      confirmationMatches(values, values.next, ctx);
      if (values.next === values.current) {
        ctx.addIssue({ code: 'custom', path: ['next'], message: 'Auth.samePassword' });
      }
    }),
  );

/** Whether the 'Set Password' button of the sign-in-link form is enabled (spec 5). */
export function canSetPassword(email: string, password: string, confirmation: string): boolean {
  return z.safeParse(setPasswordSchema, { email, password, confirmation }).success;
}
