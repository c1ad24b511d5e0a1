/**
 * firebase-admin (v13, modular entry points) bound to the local backend. The emulator env
 * (config.ts `emulatorEnv()`) must be in `process.env` before the first call: the Admin SDK reads
 * FIREBASE_*_EMULATOR_HOST when a service is first used.
 */
import { deleteApp, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import {
  DATABASE_NAMESPACE,
  DATABASE_URL,
  PROJECT_ID,
  STORAGE_BUCKET,
  emulatorEnv,
} from './config';

const APP_NAME = 'local-backend';

/**
 * The shared Admin app for the local backend (named, so it never clashes with a caller's default
 * app). Missing emulator variables are filled in from config.ts, so Admin calls can never reach
 * production by accident.
 */
export function localAdminApp(): App {
  for (const [name, value] of Object.entries(emulatorEnv())) process.env[name] ??= value;
  if (getApps().some((app) => app.name === APP_NAME)) return getApp(APP_NAME);
  return initializeApp(
    { projectId: PROJECT_ID, databaseURL: DATABASE_URL, storageBucket: STORAGE_BUCKET },
    APP_NAME,
  );
}

/**
 * Deletes the shared Admin app if it exists (closes its Database socket, so a command can end and
 * the Database server can stop without the SDK reconnecting). A later {@link localAdminApp} call
 * makes a new one.
 */
export async function closeLocalAdminApp(): Promise<void> {
  const app = getApps().find((candidate) => candidate.name === APP_NAME);
  if (app) await deleteApp(app);
}

/**
 * Writes `updates` (paths from the root) as an import does: with admin rights and without
 * database trigger events (REST `disableTriggers=true`, as firebase-tools' import writes), so a
 * data set written together with its derived nodes (shared/domain/derived `rebuildDerived`) is not
 * counted a second time by the triggers, nor recorded record by record in the audit log.
 * @param namespace the database namespace (default: the app's)
 * @throws Error with the server's answer when the write is refused
 */
export async function writeAsImport(
  updates: Record<string, unknown>,
  namespace: string = DATABASE_NAMESPACE,
): Promise<void> {
  const host =
    process.env.FIREBASE_DATABASE_EMULATOR_HOST ?? emulatorEnv().FIREBASE_DATABASE_EMULATOR_HOST;
  const response = await fetch(
    `http://${host}/.json?ns=${encodeURIComponent(namespace)}&disableTriggers=true&print=silent`,
    {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(updates),
    },
  );
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
}
