/**
 * Loads the demo data ({@link buildDemoData}) into the running local backend with firebase-admin:
 * Auth accounts for the back-office users (verified, with passwords and the `staff` and `admin`
 * claims) and the
 * database records. Idempotent: accounts that already exist are updated, records are overwritten
 * by id, other data is left alone.
 */
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { backOfficeClaims } from '../../functions/src/common.js';
import { rebuildDerived } from '../../src/shared/domain/derived';
import { localAdminApp, writeAsImport } from '../admin';
import {
  buildDemoData,
  DEMO_COLLECTIONS,
  demoRecordUpdates,
  type DemoAccount,
  type DemoDataOptions,
} from './build';

export { DEMO_CREDENTIALS, buildDemoData } from './build';
export type { DemoData, DemoDataOptions } from './build';

/** What {@link seedDemoData} wrote: record counts per collection. */
export interface SeedCounts {
  accounts: number;
  students: number;
  tutors: number;
  orders: number;
  subjects: number;
  schools: number;
  fieldLevels: number;
}

/**
 * True when the database holds no data at all (first start, or `.local-data` deleted).
 * Reads one key only, so it stays cheap on big data sets.
 */
export async function databaseIsEmpty(): Promise<boolean> {
  const snapshot = await getDatabase(localAdminApp()).ref().orderByKey().limitToFirst(1).get();
  return !snapshot.exists();
}

/**
 * Creates or updates one Auth account; returns its uid (the preferred one for a new account, the
 * existing one when the e-mail is already registered, e.g. after an Auth import).
 */
async function upsertAccount(auth: Auth, account: DemoAccount): Promise<string> {
  const fields = { email: account.email, password: account.password, emailVerified: true };
  let uid: string;
  try {
    uid = (await auth.getUserByEmail(account.email)).uid;
    await auth.updateUser(uid, fields);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    uid = (await auth.createUser({ uid: account.uid, ...fields })).uid;
  }
  // storage.rules check `request.auth.token.admin` and `.staff` (a users record exists); the
  // database decides from users/{uid}.isAdmin. The same claims as the functions set.
  await auth.setCustomUserClaims(uid, backOfficeClaims(undefined, account.isAdmin));
  return uid;
}

/**
 * Writes the demo data to the local backend (emulator env from emulators/config.ts).
 *
 * @param options passed to {@link buildDemoData} (sizes, seed, now).
 * @returns the number of records written per collection.
 * @throws the firebase-admin error when Auth or the Database is unreachable.
 */
export async function seedDemoData(options: DemoDataOptions = {}): Promise<SeedCounts> {
  const data = buildDemoData(options);
  const app = localAdminApp();
  const auth = getAuth(app);
  const updates: Record<string, unknown> = {};
  for (const account of data.accounts) {
    const uid = await upsertAccount(auth, account);
    updates[`users/${uid}`] = { ...account.record, id: uid };
  }
  Object.assign(updates, demoRecordUpdates(data));
  // The list nodes, counters and indexes, computed as a repair does, written with the records as
  // an import (no trigger events: the triggers would count every record a second time).
  Object.assign(
    updates,
    rebuildDerived({ students: data.students, tutors: data.tutors, orders: data.orders }),
  );
  // One multi-path update: listeners see the whole data set appear at once.
  await writeAsImport(updates);
  const count = (collection: (typeof DEMO_COLLECTIONS)[number]) =>
    Object.keys(data[collection]).length;
  return {
    accounts: data.accounts.length,
    students: count('students'),
    tutors: count('tutors'),
    orders: count('orders'),
    subjects: count('subjects'),
    schools: count('schools'),
    fieldLevels: count('fieldLevels'),
  };
}
