/**
 * Callable Cloud Function `httpsSetAdmin`, through which alone the app changes a user's role.
 * Grants or withdraws the admin role of a back-office user: `users/{uid}/isAdmin` (what the
 * database rules read) and the `admin` custom claim (what storage.rules read, since Storage rules
 * cannot read the Realtime Database) change together, and the user's refresh tokens are revoked so
 * that no new ID token carries the old role. An ID token already issued keeps its claims until it
 * expires, at most one hour (docs/security.md). The record's change is written together with its
 * audit entry, and so is the restore after a failed claim update.
 *
 * Only an admin (read from the database, never from the token) may call it; nobody changes their
 * own role, and the last admin cannot be demoted.
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { getAuth } from 'firebase-admin/auth';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  adminApp,
  backOfficeClaims,
  changeUsersKeepingAnAdmin,
  errorKeys,
  isAdmin,
  isUid,
} from './common.js';
import { databaseAs } from './databaseAs.js';

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
 *   ('not-found', 'functions/not-found') without a users record; ('internal') when the claims
 *   cannot be set (nothing is changed).
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
  const before = (await databaseAs(request.auth.uid).ref(`users/${uid}/isAdmin`).get()).val();
  if (before === null) throw new HttpsError('not-found', errorKeys.notFound);
  // Claims and refresh tokens first, the record last: the user's open app follows its own
  // record and refreshes its ID token as soon as the record changes
  // (src/features/auth/sessionListener.ts); by then the new claims must be in place, or the
  // refresh would fetch the old role for another hour.
  const auth = getAuth(adminApp());
  let previous: Record<string, unknown> | null = null;
  try {
    previous = (await auth.getUser(uid)).customClaims ?? null;
    await auth.setCustomUserClaims(uid, backOfficeClaims(previous ?? undefined, admin));
    await auth.revokeRefreshTokens(uid);
  } catch {
    await auth.setCustomUserClaims(uid, previous).catch(() => undefined);
    throw new HttpsError('internal', errorKeys.internal);
  }
  // The role's record half is the one write no client may make (database.rules.json: `isAdmin`
  // keeps its value), so it is written with Admin rights, not as the caller (databaseAs.ts); its
  // audit entry therefore names the server.
  // The record is written only while the caller is still an admin and another admin remains:
  // two admins demoting each other at once leave one admin, not none. A refused change puts the
  // claims back (the revoked refresh tokens stay revoked: the user signs in again).
  const outcome = await changeUsersKeepingAnAdmin(request.auth.uid, uid, (users) => {
    const target = users[uid];
    if (target) target.isAdmin = admin;
  });
  if (outcome !== 'done') {
    await auth.setCustomUserClaims(uid, previous).catch(() => undefined);
    throw outcome === 'not-admin'
      ? new HttpsError('permission-denied', errorKeys.permissionDenied)
      : new HttpsError('failed-precondition', errorKeys.lastAdmin);
  }
  return { uid, isAdmin: admin };
}

/** Callable `httpsSetAdmin`. See {@link handleSetAdmin}. */
export const httpsSetAdmin = onCall<unknown, Promise<SetAdminPayload>>(handleSetAdmin);
