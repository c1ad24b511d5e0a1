/**
 * Callable Cloud Function `httpsSetAdmin` (issue 15: one source of truth for roles). Grants or
 * withdraws the admin role of a back-office user: `users/{uid}/isAdmin` (what the database rules
 * read) and the `admin` custom claim (what storage.rules read, since Storage rules cannot read
 * the Realtime Database) change together, and the user's refresh tokens are revoked so that no
 * new ID token carries the old role. An ID token already issued keeps its claims until it
 * expires, at most one hour (docs/security.md).
 *
 * Only an admin (read from the database, never from the token) may call it; nobody changes their
 * own role, and the last admin cannot be demoted.
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  adminApp,
  backOfficeClaims,
  changeUsersKeepingAnAdmin,
  errorKeys,
  isAdmin,
  isUid,
} from './common.js';

/** `{uid, isAdmin}`: whose role, and the role to give. */
export interface SetAdminPayload {
  uid: string;
  isAdmin: boolean;
}

function parsePayload(data: unknown): SetAdminPayload {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const keys = Object.keys(record).sort().join(',');
  if (keys !== 'isAdmin,uid' || !isUid(record.uid) || typeof record.isAdmin !== 'boolean') {
    throw new HttpsError('invalid-argument', errorKeys.invalidArgument);
  }
  return { uid: record.uid, isAdmin: record.isAdmin };
}

/**
 * @returns `{uid, isAdmin}` as now stored.
 * @throws HttpsError('unauthenticated' | 'permission-denied' | 'invalid-argument') for the
 *   caller or the payload (permission-denied too when the caller was demoted meanwhile); ('failed-precondition', 'users/self-role-change') for one's own
 *   role; ('failed-precondition', 'users/last-admin') when no other admin would remain;
 *   ('not-found', 'functions/not-found') without a users record; ('internal') when the claim
 *   cannot be set (the record is then restored).
 */
async function handleSetAdmin(request: CallableRequest<unknown>): Promise<SetAdminPayload> {
  if (!request.auth) throw new HttpsError('unauthenticated', errorKeys.unauthenticated);
  if (!(await isAdmin(request.auth.uid))) {
    throw new HttpsError('permission-denied', errorKeys.permissionDenied);
  }
  const { uid, isAdmin: admin } = parsePayload(request.data);
  if (uid === request.auth.uid) {
    throw new HttpsError('failed-precondition', errorKeys.selfRoleChange);
  }
  const record = getDatabase(adminApp()).ref(`users/${uid}`);
  const before = (await record.child('isAdmin').get()).val() as unknown;
  if (before === null) throw new HttpsError('not-found', errorKeys.notFound);
  // The record is written only while the caller is still an admin and another admin remains:
  // two admins demoting each other at once leave one admin, not none.
  const outcome = await changeUsersKeepingAnAdmin(request.auth.uid, uid, (users) => {
    const target = users[uid];
    if (target) target.isAdmin = admin;
  });
  if (outcome === 'not-admin') {
    throw new HttpsError('permission-denied', errorKeys.permissionDenied);
  }
  if (outcome === 'last-admin') throw new HttpsError('failed-precondition', errorKeys.lastAdmin);
  const auth = getAuth(adminApp());
  try {
    const { customClaims } = await auth.getUser(uid);
    await auth.setCustomUserClaims(uid, backOfficeClaims(customClaims, admin));
    await auth.revokeRefreshTokens(uid);
  } catch {
    await record.child('isAdmin').set(before);
    throw new HttpsError('internal', errorKeys.internal);
  }
  return { uid, isAdmin: admin };
}

/** Callable `httpsSetAdmin`. See {@link handleSetAdmin}. */
export const httpsSetAdmin = onCall<unknown, Promise<SetAdminPayload>>(handleSetAdmin);
