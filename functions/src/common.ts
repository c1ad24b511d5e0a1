/**
 * What every callable of this codebase shares: the lazily created Admin SDK app, the admin check
 * against the Realtime Database (the one source of truth for roles), the catalogue keys errors
 * carry, and the code of a firebase-admin error.
 */
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';

/**
 * Translation keys carried as `HttpsError.message`. The app shows them through its error
 * catalogue (spec §8: "Errors from the create-account function use the error message as the
 * translation key"), so they are Firebase-style codes, not prose.
 */
export const errorKeys = {
  unauthenticated: 'functions/unauthenticated',
  permissionDenied: 'functions/permission-denied',
  invalidArgument: 'functions/invalid-argument',
  invalidEmail: 'auth/invalid-email',
  emailAlreadyExists: 'auth/email-already-exists',
  internal: 'functions/internal',
  notFound: 'functions/not-found',
  selfRoleChange: 'users/self-role-change',
  lastAdmin: 'users/last-admin',
} as const;

/**
 * The Admin SDK app, created on first use so that loading the module (which the Firebase CLI does
 * to discover functions at deploy time) needs no credentials.
 *
 * `databaseURL` comes from FIREBASE_CONFIG, which Cloud Functions sets in production and the
 * Functions emulator sets locally (emulators/start.ts passes DATABASE_URL so that it names the
 * `<project>-default-rtdb` namespace, and FIREBASE_DATABASE_EMULATOR_HOST so that the Admin SDK
 * talks to the local Database server instead of firebaseio.com).
 */
export function adminApp(): App {
  // The default app: firebase-functions may have made an app of its own already (its database
  // events' snapshots), which is not the default one.
  return getApps().some((app) => app.name === '[DEFAULT]') ? getApp() : initializeApp();
}

/** Reads `users/{uid}/isAdmin` with Admin rights (rules bypassed); true only for boolean true. */
export async function isAdmin(uid: string): Promise<boolean> {
  const snapshot = await getDatabase(adminApp()).ref(`users/${uid}/isAdmin`).get();
  return snapshot.val() === true;
}

/** The `code` of a firebase-admin error (`auth/email-already-exists`, …), if it has one. */
export function adminErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** A uid as Firebase Auth makes them: 1 to 128 characters, no '/', '.', '#', '$', '[' or ']'. */
export function isUid(value: unknown): value is string {
  return typeof value === 'string' && /^[^/.#$[\]]{1,128}$/.test(value);
}

/** A `users/{uid}` record as the functions read it (only the role matters to them). */
type UsersTree = Record<string, { isAdmin?: unknown } | undefined>;

/**
 * Applies `change` to the `users` tree in one Realtime Database transaction that commits only while
 * `callerUid` is still an admin and some admin other than `targetUid` remains, so that nothing
 * removes the last admin. Two admins demoting or deleting each other at the same moment both pass
 * the functions' first check; inside the transaction the second one finds its caller already
 * demoted and is refused, so one admin always remains.
 *
 * The whole tree is the transaction's unit because the condition spans several records; the
 * Database retries it when any record changes meanwhile (firebase-admin `Reference.transaction`).
 *
 * @param change mutates the tree in place (e.g. sets or deletes `targetUid`'s record).
 * @returns 'done'; 'not-admin' when the caller is no longer an admin, 'last-admin' when no other
 *   admin would remain (nothing is written in either case).
 */
export async function changeUsersKeepingAnAdmin(
  callerUid: string,
  targetUid: string,
  change: (users: UsersTree) => void,
): Promise<'done' | 'not-admin' | 'last-admin'> {
  let refusal: 'not-admin' | 'last-admin' | undefined;
  await getDatabase(adminApp())
    .ref('users')
    .transaction(
      (users: UsersTree | null) => {
        // The first run may see the empty local cache; writing it back fails the server's hash
        // check, which re-runs this function on the stored tree.
        refusal = 'not-admin';
        if (users === null) return null;
        refusal = undefined;
        if (users[callerUid]?.isAdmin !== true) refusal = 'not-admin';
        else if (
          !Object.entries(users).some(
            ([uid, record]) => uid !== targetUid && record?.isAdmin === true,
          )
        ) {
          refusal = 'last-admin';
        }
        if (refusal) return undefined;
        change(users);
        return users;
      },
      undefined,
      false,
    );
  return refusal ?? 'done';
}

/**
 * The custom claims of a back-office user (one with a `users/{uid}` record): `others` (e.g. a
 * `userType`) kept, `staff: true`, and `admin: true` for an admin only. storage.rules read them
 * (`request.auth.token.staff`, `.admin`) because Storage rules cannot read the Realtime Database:
 * writing a file needs a users record, which `staff` stands for. Whoever writes the record writes
 * these claims with it (httpsCreateUser, httpsSetAdmin, scripts/createAdmin.ts, the demo seed);
 * httpsDeleteUser removes them with the account (docs/security.md, "Roles").
 */
export function backOfficeClaims(
  others: Record<string, unknown> | undefined,
  isAdminRole: boolean,
): Record<string, unknown> {
  const { admin: _previous, ...kept } = others ?? {};
  return isAdminRole ? { ...kept, staff: true, admin: true } : { ...kept, staff: true };
}
