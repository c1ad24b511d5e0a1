/**
 * Which Auth instance a FirebaseApp's writes are made as. An audit entry's `by` must be the uid of
 * the user whose ID token the writing Database connection carries (database.rules.json,
 * `auditLog`: `by === auth.uid`), i.e. the user signed in to that Database's FirebaseApp. The app
 * has one FirebaseApp (shared/firebase registers its Auth); tests sign several admins in at once,
 * each in an app of its own (tests/support/backend.ts registers theirs).
 *
 * Auth's `getAuth(app)` would find any app's instance, but importing it bundles Auth's
 * popup/redirect resolver, which no screen uses, into /login (4 KB gz; Firebase docs, "Customize
 * your Auth dependencies"), so the instances are looked up here instead.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';

const authByApp = new WeakMap<FirebaseApp, Auth>();

/** Makes `auth` the Auth that writes through its FirebaseApp (`auth.app`) are made as. */
export function registerAuth(auth: Auth): void {
  authByApp.set(auth.app, auth);
}

/**
 * The uid of the user signed in to `app`'s registered Auth; undefined when nobody is signed in or
 * no Auth was registered for `app`.
 */
export function signedInUid(app: FirebaseApp): string | undefined {
  return authByApp.get(app)?.currentUser?.uid;
}

/**
 * The ID token of the user signed in to `app` through its registered Auth (Auth refreshes one
 * that has expired), or null when nobody is: the credential of requests made outside the SDKs
 * (the lists' REST streams, shared/listStream).
 */
export async function signedInIdToken(app: FirebaseApp): Promise<string | null> {
  const user = authByApp.get(app)?.currentUser;
  return user ? user.getIdToken() : null;
}
