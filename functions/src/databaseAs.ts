/**
 * The Realtime Database as a given user sees it: a firebase-admin app initialised with
 * `databaseAuthVariableOverride: { uid }` (Firebase docs, Admin SDK "Authenticate with limited
 * privileges"), so that its reads and writes are evaluated by database.rules.json with
 * `auth.uid === uid`, as that user's browser would be.
 *
 * The callables write through it as the admin who called them. Two things follow: the rules
 * apply to the function's writes as to the admin's own (a caller demoted meanwhile is refused by
 * the database itself, at the moment of the write), and the database event of each write names
 * that admin: the record triggers' audit entry (auditLog.ts) reads the event's `authType`
 * 'app_user' and `authId` = uid, as for a change made in the app, instead of 'admin' (the
 * Admin SDK). Production's Realtime Database delivers an overridden write's event as the user's
 * (firebase-functions' database events carry `authType` "app_user" | "admin" |
 * "unauthenticated" and `authId`); the local Database server does the same
 * (emulators/database/rules/auth.ts `applyOverride`, functionTriggers.ts `authOf`).
 *
 * Only `uid` is given: the rules read no other field of `auth` (database.rules.json checks
 * `users/{auth.uid}/isAdmin`).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { adminApp } from './common.js';

/** Apps made so far, one per uid, kept for the instance's life: each holds one connection. */
const appsByUid = new Map<string, App>();

/** The app whose database requests carry `auth = { uid }`; made on first use for that uid. */
function appAs(uid: string): App {
  const cached = appsByUid.get(uid);
  if (cached) return cached;
  const name = `as:${uid}`;
  // The default app's database and project (FIREBASE_CONFIG, common.ts `adminApp`); the
  // credential is not copied (an app's options hand out a plain copy without its methods), so
  // the new app takes the Application Default Credentials as the default app did.
  const { databaseURL, projectId } = adminApp().options;
  const app =
    getApps().find((existing) => existing.name === name) ??
    initializeApp(
      {
        ...(databaseURL ? { databaseURL } : {}),
        ...(projectId ? { projectId } : {}),
        databaseAuthVariableOverride: { uid },
      },
      name,
    );
  appsByUid.set(uid, app);
  return app;
}

/**
 * The Realtime Database acting as the user `uid` (rules applied, events name `uid`).
 * A write the rules refuse rejects with the SDK's `permission_denied` error (its message is
 * "PERMISSION_DENIED: Permission denied", see {@link isPermissionDenied}).
 */
export function databaseAs(uid: string): Database {
  return getDatabase(appAs(uid));
}

/** Whether a database error is the rules' refusal (firebase-admin reports 'PERMISSION_DENIED'). */
export function isPermissionDenied(error: unknown): boolean {
  const text =
    error instanceof Error
      ? `${(error as { code?: unknown }).code ?? ''} ${error.message}`
      : String(error);
  return /permission[_ ]denied/i.test(text);
}
