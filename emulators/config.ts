/**
 * The one description of the local backend's addresses (firebase.json `emulators`, .firebaserc,
 * .env.development). Used by emulators/start.ts, the seed, benches and tests/support.
 */

/** Loopback only: nothing in the local backend listens on or needs another interface. */
export const HOST = '127.0.0.1';

/** Project id; the `demo-` prefix keeps the SDKs and firebase-tools offline (auth-emulator.md §4). */
export const PROJECT_ID = 'demo-tuition';

/** Realtime Database namespace (`<project>-default-rtdb`, as in VITE_FIREBASE_DATABASE_URL). */
export const DATABASE_NAMESPACE = `${PROJECT_ID}-default-rtdb`;

/** Default Cloud Storage bucket (VITE_FIREBASE_STORAGE_BUCKET). */
export const STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;

/** Standard ports, as in firebase.json and vite.config.ts. */
export const PORTS = {
  auth: 9099,
  functions: 5001,
  database: 9000,
  storage: 9199,
  hub: 4400,
  /** firebase-tools reserves it for its logging stream. */
  logging: 4500,
  app: 5173,
} as const;

/** Production-shaped database URL; with FIREBASE_DATABASE_EMULATOR_HOST set, the SDKs only take
 * the namespace from it. */
export const DATABASE_URL = `https://${DATABASE_NAMESPACE}.firebaseio.com`;

/** URL of the app served by Vite. */
export const APP_URL = `http://${HOST}:${PORTS.app}`;

/**
 * Environment that points firebase-admin, the Node web SDK and the function processes at the local
 * backend (auth-emulator.md §4). `DATABASE_URL` makes firebase-tools put the `-default-rtdb`
 * namespace into the functions' FIREBASE_CONFIG (its demo default would be `<project>`).
 */
export function emulatorEnv(): Record<string, string> {
  return {
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
    FIREBASE_DATABASE_EMULATOR_HOST: `${HOST}:${PORTS.database}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${PORTS.storage}`,
    STORAGE_EMULATOR_HOST: `http://${HOST}:${PORTS.storage}`,
    GCLOUD_PROJECT: PROJECT_ID,
    DATABASE_URL,
  };
}
