/**
 * Client-side checks of the sign-in screens (spec section 5, Validation rules; spec 9 constants).
 * Pure functions so the forms and their unit tests share one definition.
 */

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

/** The fields of the change-password form (spec 2, Profile). */
export interface ChangePasswordFields {
  current: string;
  next: string;
  confirmation: string;
}

/** The three rules of spec 5 (Change password), each evaluated on its own for live hints. */
export interface ChangePasswordChecks {
  /** The new password has at least 6 characters. */
  safe: boolean;
  /** The confirmation equals the new password. */
  matches: boolean;
  /** The new password differs from the current one. */
  differs: boolean;
  /** All of the above, and a current password was typed: the submit button is enabled. */
  valid: boolean;
}

/** Evaluates the change-password rules of spec section 5. */
export function checkChangePassword(fields: ChangePasswordFields): ChangePasswordChecks {
  const safe = isSafePassword(fields.next);
  const matches = fields.next === fields.confirmation;
  const differs = fields.next !== fields.current;
  return { safe, matches, differs, valid: safe && matches && differs && fields.current !== '' };
}

/** Whether the 'Set Password' button of the sign-in-link form is enabled (spec 5). */
export function canSetPassword(email: string, password: string): boolean {
  return isValidEmail(email) && isSafePassword(password);
}
