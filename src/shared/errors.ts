/**
 * Error codes and their catalogue message ids (spec section 8).
 *
 * Message ids for backend errors ARE the Firebase error codes (e.g. 'auth/wrong-password'), so
 * the catalogues in src/app/i18n hold one entry per code. Errors thrown by the httpsCreateUser
 * callable carry the translation key in their message (spec section 8: "Errors from the
 * create-account function use the error message as the translation key").
 */

/** A serialisable error kept in Redux state and shown as a toast. */
export interface AppError {
  /** A message id of the catalogue (a Firebase code, or 'errors/unknown'). */
  messageId: string;
  /** The raw message, for fetch failures (spec 8: "Fetch failures show the raw error"). */
  raw?: string;
}

export const UNKNOWN_ERROR = 'errors/unknown';

/** Codes with their own catalogue entry (spec section 8 plus the function's and db's). */
export const KNOWN_ERROR_CODES = [
  'auth/email-already-exists',
  'auth/email-already-in-use',
  'auth/invalid-email',
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/account-exists-with-different-credential',
  'auth/popup-blocked',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/requires-recent-login',
  'auth/weak-password',
  'auth/network-request-failed',
  'storage/quota-exceeded',
  'storage/unauthenticated',
  'storage/unauthorized',
  'storage/canceled',
  'functions/permission-denied',
  'functions/unauthenticated',
  'functions/invalid-argument',
  'functions/internal',
  'functions/not-found',
  'users/self-role-change',
  'users/last-admin',
  'database/permission-denied',
] as const;

const known = new Set<string>(KNOWN_ERROR_CODES);

/**
 * Maps anything thrown by the Firebase SDKs (or the app) to an AppError.
 * - Auth/Storage errors: their `code` when it is in the catalogue.
 * - Callable errors ('functions/...'): their `message` when it is a catalogue id.
 * - Database errors: 'PERMISSION_DENIED' becomes 'database/permission-denied'.
 * Anything else is 'errors/unknown' with the raw message kept.
 */
export function toAppError(error: unknown): AppError {
  const e = error as { code?: unknown; message?: unknown } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  // The Functions SDK appends the HTTP status to the server's message: 'auth/... [409]'.
  const callableKey = message.replace(/ \[\d{3}\]$/, '');
  if (code.startsWith('functions/') && known.has(callableKey)) return { messageId: callableKey };
  if (known.has(code)) return { messageId: code };
  if (code === 'PERMISSION_DENIED' || /permission[_ ]denied/i.test(message)) {
    return { messageId: 'database/permission-denied', raw: message };
  }
  if (known.has(message)) return { messageId: message };
  return { messageId: UNKNOWN_ERROR, raw: message };
}
