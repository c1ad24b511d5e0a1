/**
 * What every callable of this codebase shares: the lazily created Admin SDK app, the admin check
 * against the Realtime Database (the one source of truth for roles, issue 15), the catalogue keys
 * errors carry, and the code of a firebase-admin error.
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
  return getApps().length > 0 ? getApp() : initializeApp();
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
