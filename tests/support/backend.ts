/**
 * Helpers for integration and e2e tests against the ONE local backend that `npm test` starts
 * (`tsx emulators/start.ts --exec "vitest run"`; or `npm run emulators` in another terminal while
 * iterating with `npx vitest --project integration`).
 *
 * Every test file shares that backend, in parallel: use {@link uniqueEmail} / {@link uniqueId} and
 * clean up only what you created ({@link deleteAccount}); never wipe all data.
 *
 * Example:
 * ```ts
 * const admin = await createAccount({ isAdmin: true });
 * const web = await signedInWebApp(admin.email, admin.password);
 * await set(ref(web.database, `subjects/${uniqueId()}`), {...});
 * await web.close();
 * await deleteAccount(admin.uid);
 * ```
 */
import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User as AuthUser,
} from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { localAdminApp } from '../../emulators/admin';
import { backOfficeClaims } from '../../functions/src/common.js';
import {
  DATABASE_NAMESPACE,
  HOST,
  PORTS,
  PROJECT_ID,
  STORAGE_BUCKET,
} from '../../emulators/config';
import type { User } from '@/features/users/types';
import { registerAuth } from '../../src/shared/appAuth';

/** `host:port` from an env var such as FIREBASE_AUTH_EMULATOR_HOST, else the default. */
function hostPort(variable: string, port: number): { host: string; port: number } {
  const value = process.env[variable];
  if (!value) return { host: HOST, port };
  const [host = HOST, p] = value.split(':');
  return { host, port: Number(p ?? port) };
}

/**
 * Addresses of the local backend, from the env that emulators/start.ts --exec sets
 * (FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST,
 * GCLOUD_PROJECT, APP_URL), falling back to the standard ports of firebase.json.
 */
export const backend = {
  projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID,
  auth: hostPort('FIREBASE_AUTH_EMULATOR_HOST', PORTS.auth),
  database: hostPort('FIREBASE_DATABASE_EMULATOR_HOST', PORTS.database),
  storage: hostPort('FIREBASE_STORAGE_EMULATOR_HOST', PORTS.storage),
  functions: { host: HOST, port: PORTS.functions, region: 'us-central1' },
  /** Realtime Database namespace, `demo-tuition-default-rtdb`. */
  databaseNamespace: DATABASE_NAMESPACE,
  /** Bucket name, `demo-tuition.appspot.com`. */
  storageBucket: STORAGE_BUCKET,
  /** The Vite-served app, `http://127.0.0.1:5173`. */
  appUrl: process.env.APP_URL ?? `http://${HOST}:${PORTS.app}`,
} as const;

/** Database URL as the web SDK expects it: `http://127.0.0.1:9000?ns=demo-tuition-default-rtdb`. */
export const databaseUrl = `http://${backend.database.host}:${backend.database.port}?ns=${backend.databaseNamespace}`;

/** Web SDK options of the demo project (as .env.test). */
export const webConfig = {
  apiKey: 'demo-api-key',
  authDomain: `${backend.projectId}.firebaseapp.com`,
  projectId: backend.projectId,
  databaseURL: databaseUrl,
  storageBucket: backend.storageBucket,
  appId: '1:000000000000:web:demo',
} as const;

/**
 * firebase-admin app with full rights on the local backend (Auth `Bearer owner`, Database rules
 * bypassed). Use it to arrange data and to check results a test user may not read.
 */
export function adminApp(): App {
  return localAdminApp();
}

/** A string unique across parallel test files and runs, e.g. `k3c9…-1`. */
export function uniqueId(prefix = 'id'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}-${Date.now().toString(36)}`;
}

/** A fresh e-mail address, e.g. `admin-1a2b3c4d-lz8x@tuition.test`. Lower case, as Auth stores it. */
export function uniqueEmail(prefix = 'user'): string {
  return `${uniqueId(prefix)}@tuition.test`.toLowerCase();
}

/** Options of {@link createAccount}. */
export interface AccountOptions {
  /** Default {@link uniqueEmail}('user'). */
  email?: string;
  /** Default 'secret123' (spec §9: at least 6 characters). */
  password?: string;
  /** Writes `isAdmin` into the users record and sets the custom claim `{admin: true}`. */
  isAdmin?: boolean;
  /** Write `users/{uid}` (default true); false gives an account with no record (spec §4). */
  userRecord?: boolean;
  /** Fields merged into the users record (e.g. `{ name: 'Ana' }`). */
  record?: Partial<Omit<User, 'id'>>;
  /** Extra custom claims, e.g. `{ userType: 'tutor' }`. */
  claims?: Record<string, unknown>;
}

/** An Auth-emulator account made by {@link createAccount}. */
export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  isAdmin: boolean;
  /** The users record written, or null when `userRecord: false`. */
  record: User | null;
}

/**
 * Creates a verified (emailVerified true) e-mail/password account in the Auth emulator, its custom
 * claims, and, unless `userRecord: false`, its `users/{uid}` record (shape of src/features/users)
 * with the claims the functions give it (`staff`, and `admin` for an admin).
 *
 * @throws FirebaseAuthError `auth/email-already-exists` when the e-mail is taken.
 */
export async function createAccount(options: AccountOptions = {}): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail('user');
  const password = options.password ?? 'secret123';
  const isAdmin = options.isAdmin ?? false;
  const auth = getAdminAuth(adminApp());
  const { uid } = await auth.createUser({ email, password, emailVerified: true });
  const userRecord = options.userRecord ?? true;
  // As the functions: an account with a users record has the `staff` claim (and `admin`).
  const claims = {
    ...(userRecord ? backOfficeClaims(undefined, isAdmin) : isAdmin ? { admin: true } : {}),
    ...options.claims,
  };
  if (Object.keys(claims).length > 0) await auth.setCustomUserClaims(uid, claims);
  let record: User | null = null;
  if (userRecord) {
    record = {
      id: uid,
      name: email.split('@')[0] ?? email,
      email,
      location: 'Singapore',
      logoUrl: null,
      createdAt: Date.now(),
      isAdmin,
      ...options.record,
    };
    await getAdminDatabase(adminApp()).ref(`users/${uid}`).set(record);
  }
  return { uid, email, password, isAdmin, record };
}

/**
 * Deletes an account made by {@link createAccount} (or by the app/function): the Auth account and
 * its `users/{uid}` record. Missing ones are ignored, so it is safe in `afterAll`.
 */
export async function deleteAccount(uid: string): Promise<void> {
  await getAdminDatabase(adminApp()).ref(`users/${uid}`).remove();
  await getAdminAuth(adminApp())
    .deleteUser(uid)
    .catch((error: { code?: string }) => {
      if (error.code !== 'auth/user-not-found') throw error;
    });
}

/**
 * Deletes the Auth account with this e-mail (and its users record), if any; for accounts a test
 * made through the app or the function, whose uid it does not know.
 */
export async function deleteAccountByEmail(email: string): Promise<void> {
  try {
    const user = await getAdminAuth(adminApp()).getUserByEmail(email);
    await deleteAccount(user.uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/**
 * Removes records or other data (paths from the root, at least two levels deep: never a whole
 * collection, which other test files share) with admin rights, in one update. The server's
 * triggers then remove their list rows and move the counters; a test that reads those next
 * waits for them with {@link triggersSettled} (a clean-up need not wait behind other files').
 */
export async function removePaths(...paths: string[]): Promise<void> {
  for (const path of paths) {
    if (path.split('/').filter(Boolean).length < 2) {
      throw new Error(`removePaths: refusing to remove "${path}" (shared by every test file)`);
    }
  }
  await getAdminDatabase(adminApp())
    .ref()
    .update(Object.fromEntries(paths.map((path) => [path, null])));
}

/**
 * Resolves once the local Database server has no trigger event left to deliver: every function
 * triggered by the writes made so far (derived nodes, audit entries) has finished
 * (emulators/database/functionTriggers.ts, `/.settings/functionTriggerQueue.json`).
 */
export async function triggersSettled(): Promise<void> {
  const { host, port } = backend.database;
  const response = await fetch(
    `http://${host}:${port}/.settings/functionTriggerQueue.json?ns=${backend.databaseNamespace}&wait=true`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  if (!response.ok) throw new Error(`trigger queue: ${response.status} ${await response.text()}`);
}

/**
 * Brings the shared derived nodes (lists, counters, queues, index) back to what the records say,
 * as `npm run rebuild-derived` repairs a database, once the triggers have handled every write so
 * far. For browser files that compare the dashboard's figures with the orders they open: the
 * counters' exactness is tests/integration/stats.test.ts's subject, and a full run's earlier
 * files (one of them killed mid-write, a function worker stopped) must not decide these.
 */
export async function repairDerivedNodes(): Promise<void> {
  await triggersSettled();
  const { rebuildDerivedNodes } = await import('../../scripts/rebuildDerived');
  await rebuildDerivedNodes(adminApp(), { dryRun: false });
}

/**
 * Writes `updates` (paths from the root) in one multi-path update with admin rights, as an
 * import or the console would, then waits until the server's triggers have handled them
 * (list rows, counters, index entries, audit entries: functions/src), so fixtures show in the
 * lists and the counters count them.
 */
export async function writeRecords(updates: Record<string, unknown>): Promise<void> {
  await getAdminDatabase(adminApp()).ref().update(updates);
  await triggersSettled();
}

/** A web-SDK app connected to every emulator, as the browser app would be. */
export interface WebApp {
  app: FirebaseApp;
  auth: Auth;
  database: Database;
  storage: FirebaseStorage;
  functions: Functions;
  /** The signed-in user, or null for {@link signedOutWebApp}. */
  user: AuthUser | null;
  /** Signs out and deletes the app (closes the Database socket). Call it in `afterAll`. */
  close(): Promise<void>;
}

/** A new, independent web app (own name, so several users can be signed in at once). */
function newWebApp(): Omit<WebApp, 'user'> {
  const app = initializeApp(webConfig, uniqueId('web'));
  const auth = getAuth(app);
  // Writes the app's code makes through this app's Database are made as its user (appAuth.ts).
  registerAuth(auth);
  connectAuthEmulator(auth, `http://${backend.auth.host}:${backend.auth.port}`, {
    disableWarnings: true,
  });
  const database = getDatabase(app);
  connectDatabaseEmulator(database, backend.database.host, backend.database.port);
  const storage = getStorage(app);
  connectStorageEmulator(storage, backend.storage.host, backend.storage.port);
  const functions = getFunctions(app, backend.functions.region);
  connectFunctionsEmulator(functions, backend.functions.host, backend.functions.port);
  const close = async () => {
    await signOut(auth).catch(() => undefined);
    await deleteApp(app);
  };
  return { app, auth, database, storage, functions, close };
}

/** A web app with nobody signed in (the "signed out" role). */
export async function signedOutWebApp(): Promise<WebApp> {
  return { ...newWebApp(), user: null };
}

/**
 * A web app signed in with e-mail and password through the Auth emulator; its Database, Storage
 * and Functions calls carry that user's ID token (custom claims included).
 *
 * @throws FirebaseError `auth/invalid-credential` (wrong password or unknown e-mail).
 */
export async function signedInWebApp(email: string, password: string): Promise<WebApp> {
  const web = newWebApp();
  try {
    const { user } = await signInWithEmailAndPassword(web.auth, email, password);
    return { ...web, user };
  } catch (error) {
    await web.close();
    throw error;
  }
}

/** One out-of-band code the Auth emulator "sent" (auth-emulator.md §3). */
export interface OobCode {
  email: string;
  requestType: 'EMAIL_SIGNIN' | 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL';
  oobCode: string;
  /** Full action link, e.g. `…/emulator/action?mode=signIn&oobCode=…&continueUrl=…`. */
  oobLink: string;
  newEmail?: string;
}

/**
 * The e-mails the Auth emulator would have sent (sign-in links, password resets…), oldest first,
 * from `GET /emulator/v1/projects/demo-tuition/oobCodes`; only those for `email` when given.
 * Codes disappear once used.
 */
export async function oobCodes(email?: string): Promise<OobCode[]> {
  const url = `http://${backend.auth.host}:${backend.auth.port}/emulator/v1/projects/${backend.projectId}/oobCodes`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const { oobCodes: codes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
  const wanted = email?.toLowerCase();
  return wanted ? codes.filter((code) => code.email.toLowerCase() === wanted) : codes;
}

/** The latest code of `requestType` for `email`, or undefined. See {@link oobCodes}. */
export async function latestOobCode(
  email: string,
  requestType: OobCode['requestType'],
): Promise<OobCode | undefined> {
  return (await oobCodes(email)).filter((code) => code.requestType === requestType).at(-1);
}

/** A database write event as the local Database server sends it to a trigger. */
export interface DatabaseWriteEvent {
  /** The event id: a redelivery sends the same event, id and time, again. */
  id: string;
  /** When the write happened (ISO 8601). */
  time: string;
  /** The written path, e.g. 'orders/o1'. */
  ref: string;
  /** The value before the write (null: created). */
  data: unknown;
  /** What the write set (the whole value for a creation). */
  delta: unknown;
}

/**
 * Posts `event` to the function registered for the database path pattern `triggerPath` (e.g.
 * 'orders/{id}'), as the local Database server delivers writes to the Functions emulator: a
 * CloudEvent `google.firebase.database.ref.v1.written` by an admin (the trigger's name comes from
 * the server's `/.settings/functionTriggers.json`). For tests of a redelivered event.
 *
 * @throws Error when no function is registered for `triggerPath`
 */
export async function postDatabaseEvent(
  triggerPath: string,
  event: DatabaseWriteEvent,
): Promise<Response> {
  const { database, functions, databaseNamespace, projectId } = backend;
  const triggers = (await (
    await fetch(
      `http://${database.host}:${database.port}/.settings/functionTriggers.json?ns=${databaseNamespace}`,
      { headers: { Authorization: 'Bearer owner' } },
    )
  ).json()) as { name: string; path: string }[];
  const key = triggers
    .find((t) => t.path === triggerPath)
    ?.name.split('/')
    .at(-1);
  if (!key) throw new Error(`no function registered for ${triggerPath}`);
  return fetch(
    `http://${functions.host}:${functions.port}/functions/projects/${projectId}/triggers/${key}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        specversion: '1.0',
        id: event.id,
        source: `//firebasedatabase.googleapis.com/projects/_/locations/us-central1/instances/${databaseNamespace}`,
        type: 'google.firebase.database.ref.v1.written',
        time: event.time,
        data: { data: event.data, delta: event.delta },
        firebasedatabasehost: 'firebaseio.com',
        instance: databaseNamespace,
        ref: event.ref,
        location: 'us-central1',
        authtype: 'admin',
      }),
    },
  );
}
