/**
 * The first administrator of a new deployment (docs/deploy.md, step "First administrator"):
 *
 *   npm run create-admin -- --email E --name N [--location L] [--promote] [--url U]
 *                           [--project P] [--database-url D]
 *
 * Nobody can use the back office before an admin exists, and only an admin may call
 * httpsCreateUser, so the first one is made here with Admin SDK rights. The result is exactly
 * what the functions make (docs/security.md, "Roles"):
 *
 * - an Auth account with that e-mail, unverified and without password (as httpsCreateUser);
 * - the `admin: true` and `staff: true` custom claims, merged into any existing claims (as
 *   httpsSetAdmin, functions/src/common.ts `backOfficeClaims`), which storage.rules read as
 *   `request.auth.token.admin` and `.staff`;
 * - `users/{uid}` = `{id, name, email, location, createdAt, isAdmin: true}`, the record the app
 *   writes after httpsCreateUser (src/features/users/usersApi.ts) and which the database rules
 *   read (`root.child('users').child(auth.uid).child('isAdmin').val() === true`);
 * - a sign-in link to `<url>/login?email=<email>`, the route where the app lets an invited person
 *   set a first password (src/features/auth/pages/LoginPage.tsx, as src/shared/accounts.ts sends).
 *
 * Backend: with FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST set (npm run
 * emulators, or emulators/start.ts --exec) the local backend, project `demo-tuition`; otherwise
 * production through Application Default Credentials (`gcloud auth application-default login`)
 * or the service-account key file named by GOOGLE_APPLICATION_CREDENTIALS. Project and database
 * URL default to VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_DATABASE_URL of .env.production.
 *
 * Exit codes: 0 created, promoted, repaired or already an admin; 1 refused (an existing non-admin
 * without --promote) or failed; 2 wrong arguments (in production --url is required).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { loadEnv } from 'vite';
import { adminErrorCode, backOfficeClaims } from '../functions/src/common.js';
import type { User } from '../src/features/users/types';
import { parseCommandLine, runIfMain } from './runMain';

/** What {@link createAdmin} needs. */
export interface CreateAdminOptions {
  /** The admin's e-mail; Auth stores it in lower case. */
  email: string;
  /** `users/{uid}/name` for a new record (at most 200 characters, database.rules.json). */
  name: string;
  /** `users/{uid}/location` for a new record; default '' (the user form asks for it later). */
  location?: string;
  /** Make an existing non-admin account an admin instead of refusing. */
  promote?: boolean;
  /** Origin of the deployed app, e.g. `https://tuition-admin.web.app`; no trailing path. */
  appUrl: string;
}

/**
 * What happened: `created` a new account; `promoted` an existing non-admin (record created or
 * `isAdmin` set, claim added, refresh tokens revoked); `repaired` an admin record whose claim
 * was missing; `unchanged` an admin already complete (nothing was written).
 */
export type CreateAdminStatus = 'created' | 'promoted' | 'repaired' | 'unchanged';

/** Result of {@link createAdmin}. */
export interface CreateAdminResult {
  status: CreateAdminStatus;
  uid: string;
  /** The e-mail as Auth stores it. */
  email: string;
  /**
   * A one-time sign-in link to `<appUrl>/login?email=<email>`, where the admin sets a password.
   * Made on every run, since an earlier one may have expired or been used; making it writes
   * nothing to the account or the database.
   */
  signInLink: string;
}

/** An existing account that is not an admin, and `promote` was not given. */
export class NotAdminError extends Error {
  constructor(
    readonly email: string,
    readonly uid: string,
  ) {
    super(
      `${email} already has an account (uid ${uid}) that is not an admin. Nothing was changed. ` +
        'Re-run with --promote to make it an admin.',
    );
    this.name = 'NotAdminError';
  }
}

/** Limit of `users/{uid}/name` and `location` in database.rules.json. */
const TEXT_MAX_LENGTH = 200;

/**
 * Makes `email` an administrator, or confirms it already is one (see the module comment for
 * what an admin consists of).
 *
 * Idempotent: for a complete admin (record `isAdmin === true`, claims `admin` and `staff` true)
 * it writes nothing and returns `unchanged`. An admin record without the claims gets them
 * (`repaired`). Other existing accounts (staff, student, tutor, or an account with no record)
 * are refused unless `promote`; promoting keeps an existing record's name and location, sets
 * `isAdmin` and the claim together and revokes the refresh tokens, as httpsSetAdmin does.
 *
 * @param app a firebase-admin app with Auth and Realtime Database rights (`databaseURL` set).
 * @throws NotAdminError for an existing non-admin without `promote` (nothing is written).
 * @throws Error for a malformed e-mail, an empty or too long name, or an `appUrl` that is not
 *   an http(s) origin; firebase-admin errors (e.g. `auth/invalid-email`,
 *   `auth/unauthorized-continue-uri` when the app's domain is not an authorised domain) pass
 *   through.
 */
export async function createAdmin(
  app: App,
  options: CreateAdminOptions,
): Promise<CreateAdminResult> {
  const name = options.name.trim();
  const location = (options.location ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email)) {
    throw new Error(`"${options.email}" is not an e-mail address`);
  }
  if (name === '' || name.length > TEXT_MAX_LENGTH || location.length > TEXT_MAX_LENGTH) {
    throw new Error(`name (required) and location must be at most ${TEXT_MAX_LENGTH} characters`);
  }
  const origin = appOrigin(options.appUrl);
  const auth = getAuth(app);
  const users = getDatabase(app).ref('users');

  let account: UserRecord | undefined;
  try {
    account = await auth.getUserByEmail(options.email);
  } catch (error) {
    if (adminErrorCode(error) !== 'auth/user-not-found') throw error;
  }

  let status: CreateAdminStatus;
  if (!account) {
    // As httpsCreateUser: unverified, no password; the sign-in link lets the person set one.
    account = await auth.createUser({ email: options.email, emailVerified: false });
    try {
      await auth.setCustomUserClaims(account.uid, backOfficeClaims(undefined, true));
      await users.child(account.uid).set(newRecord(account, name, location));
    } catch (error) {
      // Half an admin (no claim, or no record) would be refused on the next run as a
      // non-admin; remove it so that a plain re-run starts again.
      await users
        .child(account.uid)
        .remove()
        .catch(() => undefined);
      await auth.deleteUser(account.uid).catch(() => undefined);
      throw error;
    }
    status = 'created';
  } else {
    const { uid } = account;
    const record = (await users.child(uid).get()).val() as Partial<User> | null;
    const claims = account.customClaims ?? {};
    if (record?.isAdmin === true) {
      status = claims.admin === true && claims.staff === true ? 'unchanged' : 'repaired';
    } else if (!options.promote) {
      throw new NotAdminError(account.email ?? options.email, uid);
    } else {
      status = 'promoted';
    }
    if (status === 'promoted') {
      // The record first, then the claim, as httpsSetAdmin; an existing name and location stay.
      if (record) await users.child(uid).child('isAdmin').set(true);
      else await users.child(uid).set(newRecord(account, name, location));
    }
    if (status !== 'unchanged') {
      // Merged, as httpsSetAdmin: a `userType` or other claim of the account stays.
      await auth.setCustomUserClaims(uid, backOfficeClaims(claims, true));
    }
    if (status === 'promoted') await auth.revokeRefreshTokens(uid);
  }

  const email = account.email ?? options.email.toLowerCase();
  const signInLink = await auth.generateSignInWithEmailLink(email, {
    url: `${origin}/login?email=${encodeURIComponent(email)}`,
    handleCodeInApp: true,
  });
  return { status, uid: account.uid, email, signInLink };
}

/** `users/{uid}` for a new admin, in the shape the app writes (logoUrl absent: no logo yet). */
function newRecord(account: UserRecord, name: string, location: string): Omit<User, 'logoUrl'> {
  return {
    id: account.uid,
    name,
    email: account.email ?? '',
    location,
    createdAt: Date.now(),
    isAdmin: true,
  };
}

/**
 * The origin of `url` (`https://host[:port]`), which must be http or https.
 * @throws Error otherwise.
 */
function appOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`--url "${url}" must be http or https`);
  }
  return parsed.origin;
}

/** The Firebase services an admin command talks to, each with its emulator variable. */
const EMULATOR_VARIABLES = {
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
  database: 'FIREBASE_DATABASE_EMULATOR_HOST',
} as const;

/**
 * Project and database URL of the backend to use, and whether it is the local one.
 * The emulator variables of every service the command uses (`services`, default Auth and
 * Database, as createAdmin) or none: with only some set, e.g. the account would be made in one
 * backend and the record in the other.
 *
 * @throws Error for half an emulator environment, or for production without a project id.
 */
export function backendTarget(
  env: Record<string, string | undefined>,
  flags: { project?: string; databaseUrl?: string },
  envProduction: Record<string, string>,
  services: readonly (keyof typeof EMULATOR_VARIABLES)[] = ['auth', 'database'],
): { projectId: string; databaseURL: string; local: boolean } {
  const variables = services.map((service) => EMULATOR_VARIABLES[service]);
  const set = variables.filter((name) => env[name]);
  if (set.length !== 0 && set.length !== variables.length) {
    throw new Error(`Set both ${variables.join(' and ')} (local backend) or neither (production).`);
  }
  const local = set.length > 0;
  const projectId =
    flags.project ??
    env.GCLOUD_PROJECT ??
    env.GOOGLE_CLOUD_PROJECT ??
    (local ? 'demo-tuition' : envProduction.VITE_FIREBASE_PROJECT_ID);
  if (!projectId) {
    throw new Error(
      'No project: pass --project or set VITE_FIREBASE_PROJECT_ID in .env.production',
    );
  }
  // With the emulator variable set the SDK takes only the namespace (`?ns=`) from this URL.
  const databaseURL =
    flags.databaseUrl ??
    (local ? undefined : envProduction.VITE_FIREBASE_DATABASE_URL) ??
    `https://${projectId}-default-rtdb.firebaseio.com`;
  return { projectId, databaseURL, local };
}

/**
 * {@link backendTarget} of a command line's `--project` and `--database-url`, from this
 * process's environment and the project's .env.production.
 */
export function commandBackend(
  values: { project?: string; 'database-url'?: string },
  services?: Parameters<typeof backendTarget>[3],
) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return backendTarget(
    process.env,
    { project: values.project, databaseUrl: values['database-url'] },
    loadEnv('production', root, 'VITE_FIREBASE_'),
    services,
  );
}

const USAGE =
  'Usage: npm run create-admin -- --email E --name N [--location L] [--promote] [--url U]\n' +
  '         [--project P] [--database-url D]\n' +
  '  --url: origin of the app, e.g. https://<project>.web.app (an authorised domain of Auth);\n' +
  '  required in production, http://localhost:5173 against the local emulators.';

/** The command line; returns the exit code. */
async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    {
      email: { type: 'string' },
      name: { type: 'string' },
      location: { type: 'string' },
      promote: { type: 'boolean', default: false },
      url: { type: 'string' },
      project: { type: 'string' },
      'database-url': { type: 'string' },
    },
    USAGE,
  );
  if (parsed.exit !== undefined) return parsed.exit;
  const { values } = parsed;
  if (!values.email || !values.name) {
    console.error(`--email and --name are required.\n${USAGE}`);
    return 2;
  }
  let app: App | undefined;
  try {
    const target = commandBackend(values);
    // In production a forgotten --url would print a working link to localhost (an authorised
    // domain by default) that leads nowhere; locally the Vite app is the obvious target.
    if (!values.url && !target.local) {
      console.error(`--url is required in production (the deployed app's origin).\n${USAGE}`);
      return 2;
    }
    console.log(
      `Backend: ${target.local ? 'local emulators' : 'production'}, project ${target.projectId}`,
    );
    // No credential given: firebase-admin uses GOOGLE_APPLICATION_CREDENTIALS or Application
    // Default Credentials (and none at all against the emulators).
    app = initializeApp(
      { projectId: target.projectId, databaseURL: target.databaseURL },
      'create-admin',
    );
    const result = await createAdmin(app, {
      email: values.email,
      name: values.name,
      location: values.location,
      promote: values.promote,
      appUrl: values.url ?? 'http://localhost:5173',
    });
    const said: Record<CreateAdminStatus, string> = {
      created: 'created an admin account',
      promoted: 'promoted the existing account to admin (its refresh tokens were revoked)',
      repaired: 'was an admin in the database; the missing admin claim was added',
      unchanged: 'is already an admin; nothing was changed',
    };
    console.log(`${result.email} (uid ${result.uid}): ${said[result.status]}.`);
    console.log(`Sign-in link (one use; the admin sets a password there):\n${result.signInLink}`);
    return 0;
  } catch (error) {
    console.error(error instanceof NotAdminError ? error.message : `Failed: ${String(error)}`);
    return 1;
  } finally {
    // Closes the Database socket so that the process can end.
    if (app) await deleteApp(app);
  }
}

runIfMain(import.meta.url, main);
