/**
 * The Firebase project's configuration and whether the app talks to the local backend, without
 * any Firebase SDK: the public pages read one Database location over REST with it and must not
 * download the SDKs (their Lighthouse budget, docs/performance.md). `shared/firebase.ts`
 * initialises the SDKs from these values.
 *
 * Configuration comes from `VITE_FIREBASE_*` variables (.env.development for the local backend,
 * the deploy environment's for production).
 */
import type { FirebaseOptions } from 'firebase/app';

const env = import.meta.env;

export const firebaseConfig: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  databaseURL: env.VITE_FIREBASE_DATABASE_URL,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
  appId: env.VITE_FIREBASE_APP_ID,
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
};

/** True when the app talks to the local backend (development, tests, the demo). */
// Read whole (not through `env`) so that the production build replaces it by `false` and drops
// the emulator wiring (tests/integration/dist.test.ts).
export const usesEmulators = import.meta.env.VITE_USE_EMULATORS === 'true';

/**
 * Host of the local backend's services (its ports are the emulators' standard ones); '' in a
 * production build, which must carry no local address (tests/integration/dist.test.ts).
 */
export const emulatorHost: string =
  import.meta.env.VITE_USE_EMULATORS === 'true' ? env.VITE_EMULATOR_HOST || '127.0.0.1' : '';
