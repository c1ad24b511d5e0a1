/**
 * The one place that initialises Firebase for the app.
 *
 * Configuration comes from `VITE_FIREBASE_*` variables (.env.development for the local backend,
 * the deploy environment's for production). When `VITE_USE_EMULATORS` is 'true' (development and
 * tests), every service is pointed at the local backend on the standard emulator ports
 * (Auth 9099, Database 9000, Functions 5001, Storage 9199); the rest of the app never knows which
 * backend it talks to.
 *
 * Only Auth is loaded eagerly: the login screen needs nothing else. Database, Storage and Functions
 * are imported on first use so their SDKs stay out of the /login bundle (its budget: 180 KB
 * gzipped, bench/app.ts).
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { Database } from 'firebase/database';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';
import { registerAuth } from './appAuth';
import { emulatorHost, firebaseConfig, usesEmulators } from './firebaseConfig';

const env = import.meta.env;

export { firebaseConfig, usesEmulators };

export const firebaseApp = initializeApp(firebaseConfig);

/**
 * Firebase Auth, persisted in IndexedDB (falling back to localStorage). initializeAuth without a
 * popup resolver keeps the sign-in bundle small; the spec's social buttons have no flow. Nothing
 * calls getAuth, which would bundle the resolver anyway (eslint.config.js; other code finds an
 * app's Auth through shared/appAuth).
 */
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});
registerAuth(auth);
if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost}:9099`, { disableWarnings: true });
}

let databasePromise: Promise<Database> | undefined;
/** The Realtime Database, loaded on first use. */
export function database(): Promise<Database> {
  databasePromise ??= import('firebase/database').then((m) => {
    const db = m.getDatabase(firebaseApp);
    if (usesEmulators) m.connectDatabaseEmulator(db, emulatorHost, 9000);
    return db;
  });
  return databasePromise;
}

let storagePromise: Promise<FirebaseStorage> | undefined;
/** Cloud Storage for Firebase, loaded on first use. */
export function storage(): Promise<FirebaseStorage> {
  storagePromise ??= import('firebase/storage').then((m) => {
    const s = m.getStorage(firebaseApp);
    if (usesEmulators) m.connectStorageEmulator(s, emulatorHost, 9199);
    return s;
  });
  return storagePromise;
}

/**
 * Region of the callable functions: VITE_FIREBASE_FUNCTIONS_REGION, the same value as the
 * functions' FUNCTIONS_REGION parameter (functions/src/options.ts); default us-central1, the
 * functions' default too. With a mismatch no function answers the app's calls.
 */
const functionsRegion = (env.VITE_FIREBASE_FUNCTIONS_REGION as string | undefined) || 'us-central1';

let functionsPromise: Promise<Functions> | undefined;
/** Callable Cloud Functions (region above), loaded on first use. */
export function functions(): Promise<Functions> {
  functionsPromise ??= import('firebase/functions').then((m) => {
    const f = m.getFunctions(firebaseApp, functionsRegion);
    if (usesEmulators) m.connectFunctionsEmulator(f, emulatorHost, 5001);
    return f;
  });
  return functionsPromise;
}
