/**
 * The e-mail action calls of Firebase Auth that /auth/action makes (AuthActionPage), on the app's
 * Auth instance. A module of its own, which the page imports on first call: the heading paints
 * before the SDK has arrived, and only these functions of the SDK are bundled (a dynamic import
 * of 'firebase/auth' itself would keep every export of the SDK, about 12 KB gz more on /login,
 * which shares the SDK's chunk).
 */
import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { auth } from '@/shared/firebase';

/** The account's e-mail of a password-reset code; rejects with Auth's error for a bad code. */
export const verifyResetCode = (code: string): Promise<string> =>
  verifyPasswordResetCode(auth, code);

/** Sets the new password of a password-reset code; rejects with Auth's error. */
export const confirmReset = (code: string, password: string): Promise<void> =>
  confirmPasswordReset(auth, code, password);

/** Applies a verify-e-mail code; rejects with Auth's error for a bad code. */
export const applyCode = (code: string): Promise<void> => applyActionCode(auth, code);
