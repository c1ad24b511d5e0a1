/**
 * Callable Cloud Function `httpsDeleteUser`: deletes a back-office user whole: the `users/{uid}`
 * record, then the Auth account (so an invitation link sent before no longer sets a password), then
 * the logo `users/{uid}.{ext}` and its resized copy. The record goes first: a failure after it
 * leaves at most an account without a record, which reaches no data and which a retry deletes;
 * never a record without an account. The record is removed as the calling admin (databaseAs.ts),
 * so the record trigger's audit entry (action 'delete', the record as `before`) names that admin.
 *
 * Only an admin (read from the database) may call it, and not on themself. That keeps an admin:
 * the removal is a write under the database rules, which accept it only while the caller is an
 * admin at that moment, and the caller is not the one removed, so at least the caller remains.
 * Two admins deleting each other at once: the first removal goes through, the second is refused
 * by the rules (its caller's record is gone).
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { getAuth } from 'firebase-admin/auth';
import { getStorage } from 'firebase-admin/storage';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { adminApp, adminErrorCode, errorKeys, isAdmin, isUid } from './common.js';
import { databaseAs, isPermissionDenied } from './databaseAs.js';

/** The default bucket: FIREBASE_CONFIG's in production, the demo project's locally. */
function bucket() {
  const config = JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { storageBucket?: string };
  const project = process.env.GCLOUD_PROJECT ?? '';
  return getStorage(adminApp()).bucket(config.storageBucket ?? `${project}.appspot.com`);
}

/**
 * @returns `{uid}` of the deleted user.
 * @throws HttpsError('unauthenticated' | 'permission-denied' | 'invalid-argument') for the
 *   caller or the payload (permission-denied too when the caller was demoted meanwhile);
 *   ('failed-precondition', 'users/self-role-change') for oneself; ('internal') when the record,
 *   the account or the files cannot be deleted (a retry finishes the job).
 */
async function handleDeleteUser(request: CallableRequest<unknown>): Promise<{ uid: string }> {
  if (!request.auth) throw new HttpsError('unauthenticated', errorKeys.unauthenticated);
  if (!(await isAdmin(request.auth.uid))) {
    throw new HttpsError('permission-denied', errorKeys.permissionDenied);
  }
  const data = (
    typeof request.data === 'object' && request.data !== null ? request.data : {}
  ) as Record<string, unknown>;
  if (Object.keys(data).join(',') !== 'uid' || !isUid(data.uid)) {
    throw new HttpsError('invalid-argument', errorKeys.invalidArgument);
  }
  const uid = data.uid;
  if (uid === request.auth.uid) {
    throw new HttpsError('failed-precondition', errorKeys.selfRoleChange);
  }
  // As the caller: the rules accept it only while the caller is still an admin (see above).
  try {
    await databaseAs(request.auth.uid).ref(`users/${uid}`).remove();
  } catch (error) {
    if (isPermissionDenied(error)) {
      throw new HttpsError('permission-denied', errorKeys.permissionDenied);
    }
    throw new HttpsError('internal', errorKeys.internal);
  }
  try {
    const auth = getAuth(adminApp());
    await auth.deleteUser(uid).catch(async (error: unknown) => {
      // Already gone (a retry): the record is what mattered.
      if (adminErrorCode(error) === 'auth/user-not-found') return;
      // The account outlives its record for now: at least it loses its claims (a retry
      // deletes it).
      await auth.setCustomUserClaims(uid, null).catch(() => undefined);
      throw error;
    });
    // Only this user's logo and its resized copy: the names are derived from the uid, never
    // taken from a stored URL (a user could point logoUrl at someone else's file).
    const [files] = await bucket().getFiles({ prefix: `users/${uid}` });
    const own = new RegExp(
      `^users/${uid.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(_200x200)?\\.[A-Za-z0-9]+$`,
    );
    await Promise.all(files.filter((f) => own.test(f.name)).map((f) => f.delete()));
  } catch {
    throw new HttpsError('internal', errorKeys.internal);
  }
  return { uid };
}

/** Callable `httpsDeleteUser`. See {@link handleDeleteUser}. */
export const httpsDeleteUser = onCall<unknown, Promise<{ uid: string }>>(handleDeleteUser);
