/**
 * Callable Cloud Function `httpsSetAdmin` (issue 15: one source of truth for roles). Grants or
 * withdraws the admin role of a back-office user: `users/{uid}/isAdmin` (what the database rules
 * read) and the `admin` custom claim (what storage.rules read, since Storage rules cannot read
 * the Realtime Database) change together, and the user's refresh tokens are revoked so that no
 * new ID token carries the old role. An ID token already issued keeps its claims until it
 * expires, at most one hour (docs/security.md). The record's change is written together with
 * its audit entry (issue 17 item 4), and so is the restore after a failed claim update.
 *
 * Only an admin (read from the database, never from the token) may call it; nobody changes their
 * own role, and the last admin cannot be demoted.
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { auditLogUpdate } from './audit.js';
import { adminApp, errorKeys, isAdmin, isUid } from './common.js';

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
 *   caller or the payload; ('failed-precondition', 'users/self-role-change') for one's own
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
  const db = getDatabase(adminApp());
  const record = db.ref(`users/${uid}`);
  const before = (await record.child('isAdmin').get()).val() as unknown;
  if (before === null) throw new HttpsError('not-found', errorKeys.notFound);
  if (!admin && before === true) {
    // The caller is an admin other than the target, so one remains; checked anyway in case the
    // caller was demoted meanwhile.
    const admins = await db.ref('users').orderByChild('isAdmin').equalTo(true).get();
    if (
      Object.keys((admins.val() as object | null) ?? {}).filter((id) => id !== uid).length === 0
    ) {
      throw new HttpsError('failed-precondition', errorKeys.lastAdmin);
    }
  }
  const auth = getAuth(adminApp());
  const caller = request.auth.uid;
  /** Writes `isAdmin` and its audit entry in one multi-path update. */
  const writeRole = (from: unknown, to: unknown) =>
    db.ref().update({
      [`users/${uid}/isAdmin`]: to,
      ...auditLogUpdate({
        by: caller,
        entity: 'users',
        recordId: uid,
        action: 'role',
        before: { isAdmin: from },
        after: { isAdmin: to },
      }),
    });
  await writeRole(before, admin);
  try {
    const { customClaims } = await auth.getUser(uid);
    const { admin: _previous, ...others } = customClaims ?? {};
    await auth.setCustomUserClaims(uid, admin ? { ...others, admin: true } : others);
    await auth.revokeRefreshTokens(uid);
  } catch {
    await writeRole(admin, before);
    throw new HttpsError('internal', errorKeys.internal);
  }
  return { uid, isAdmin: admin };
}

/** Callable `httpsSetAdmin`. See {@link handleSetAdmin}. */
export const httpsSetAdmin = onCall<unknown, Promise<SetAdminPayload>>(handleSetAdmin);
