/**
 * Callable Cloud Function `httpsCreateUser` (spec §4 "Creating a student, tutor or user first calls
 * the server to create the account", §7 "Callable function 'httpsCreateUser'", §8 error catalogue).
 *
 * Unlike the template this product grew from (conventions.md, "an unguarded create-user
 * function"), the caller's admin flag is read on the server from the Realtime Database, never taken
 * from the payload or the token.
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { adminApp, adminErrorCode, backOfficeClaims, errorKeys, isAdmin } from './common.js';
import { databaseAs } from './databaseAs.js';

/** Payload for a back-office user (spec §7: "for users, email plus isAdmin"). */
export interface CreateBackOfficeUserPayload {
  email: string;
  isAdmin: boolean;
}

/** Payload for a student or tutor account (spec §7: "email plus userType"). */
export interface CreateCustomerPayload {
  email: string;
  userType: 'student' | 'tutor';
}

/** What the function accepts: exactly one of the two shapes, no other keys. */
export type CreateUserPayload = CreateBackOfficeUserPayload | CreateCustomerPayload;

/** What the function returns: `{uid}`, the id of the new Auth account (spec §7 "data.uid"). */
export interface CreateUserResult {
  uid: string;
}

/**
 * A pragmatic e-mail shape check (one `@`, no spaces, a dotted domain), the same family of pattern
 * the app uses (spec §5). The Auth service applies its own stricter check after this one.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321 limit on the length of an address. */
const EMAIL_MAX_LENGTH = 254;

/**
 * Checks the payload strictly: a plain object with `email` and exactly one of `isAdmin` (boolean)
 * or `userType` ('student' | 'tutor'), and no other keys.
 *
 * @throws HttpsError('invalid-argument', 'functions/invalid-argument') for a wrong shape.
 * @throws HttpsError('invalid-argument', 'auth/invalid-email') for a malformed e-mail.
 */
function parsePayload(data: unknown): CreateUserPayload {
  const bad = () => new HttpsError('invalid-argument', errorKeys.invalidArgument);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad();
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort().join(',');
  const { email } = record;
  if (typeof email !== 'string') throw bad();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new HttpsError('invalid-argument', errorKeys.invalidEmail);
  }
  if (keys === 'email,isAdmin' && typeof record.isAdmin === 'boolean') {
    return { email, isAdmin: record.isAdmin };
  }
  if (keys === 'email,userType' && (record.userType === 'student' || record.userType === 'tutor')) {
    return { email, userType: record.userType };
  }
  throw bad();
}

/**
 * Creates the account and its custom claims for the already authorised admin `callerUid`.
 * Claims: {@link backOfficeClaims} for back-office users (`staff: true`, plus `admin: true` for
 * admins; storage.rules read them), `{userType}` for students and tutors; for back-office users
 * `users/{uid}/isAdmin` is written too, so claims and record agree from the start.
 * The role given is recorded in the audit log by the trigger on users (auditLog.ts).
 * The account starts unverified and without password: the invitee signs in with the e-mailed link
 * and sets a password (spec §2 Login, §4).
 */
async function createAccount(
  callerUid: string,
  payload: CreateUserPayload,
): Promise<CreateUserResult> {
  const auth = getAuth(adminApp());
  let uid: string;
  try {
    ({ uid } = await auth.createUser({ email: payload.email, emailVerified: false }));
  } catch (error) {
    const code = adminErrorCode(error);
    if (code === 'auth/email-already-exists') {
      throw new HttpsError('already-exists', errorKeys.emailAlreadyExists);
    }
    if (code === 'auth/invalid-email') {
      throw new HttpsError('invalid-argument', errorKeys.invalidEmail);
    }
    throw new HttpsError('internal', errorKeys.internal);
  }
  const claims =
    'isAdmin' in payload
      ? backOfficeClaims(undefined, payload.isAdmin)
      : { userType: payload.userType };
  try {
    await auth.setCustomUserClaims(uid, claims);
    // The role's record half, written with the claim (roles live in one place that clients cannot
    // write): the app then writes the rest of users/{uid}, and the rules accept only this same
    // isAdmin value from it.
    // The audit log records it (functions/src/auditLog.ts, a trigger on users), as the server's
    // write: the rules let no client write a role (`isAdmin` keeps its value), so this one write
    // is made with Admin rights, not as the caller (databaseAs.ts).
    if ('isAdmin' in payload) {
      await getDatabase(adminApp()).ref(`users/${uid}/isAdmin`).set(payload.isAdmin);
    }
  } catch {
    // Without its claims or role the account would silently lack rights (or an admin would lack
    // the Storage admin claim); remove it so the caller can simply retry.
    await databaseAs(callerUid)
      .ref(`users/${uid}`)
      .remove()
      .catch(() => undefined);
    await auth.deleteUser(uid).catch(() => undefined);
    throw new HttpsError('internal', errorKeys.internal);
  }
  return { uid };
}

/**
 * The request handler, exported apart from the `onCall` wrapper for readability.
 *
 * @param request.auth the caller (filled by firebase-functions from the ID token).
 * @param request.data {@link CreateUserPayload}.
 * @returns {@link CreateUserResult}.
 * @throws HttpsError('unauthenticated', 'functions/unauthenticated') when signed out.
 * @throws HttpsError('permission-denied', 'functions/permission-denied') unless
 *   `users/{callerUid}/isAdmin === true` in the Realtime Database.
 * @throws HttpsError('invalid-argument', 'functions/invalid-argument' | 'auth/invalid-email').
 * @throws HttpsError('already-exists', 'auth/email-already-exists') when the e-mail is taken.
 * @throws HttpsError('internal', 'functions/internal') for any other Auth failure.
 */
async function handleCreateUser(request: CallableRequest<unknown>): Promise<CreateUserResult> {
  if (!request.auth) throw new HttpsError('unauthenticated', errorKeys.unauthenticated);
  // Authorise before validating so that non-admins learn nothing about payload rules.
  if (!(await isAdmin(request.auth.uid))) {
    throw new HttpsError('permission-denied', errorKeys.permissionDenied);
  }
  return createAccount(request.auth.uid, parsePayload(request.data));
}

/** Callable `httpsCreateUser` (region: FUNCTIONS_REGION, options.ts). See {@link handleCreateUser}. */
export const httpsCreateUser = onCall<unknown, Promise<CreateUserResult>>(handleCreateUser);
