/**
 * The callable `httpsImportPeople` (functions/src/httpsImportPeople.ts) through the real web SDK
 * against the Functions emulator: who may call it, which rows it refuses, and that an e-mail
 * leads to one account and one record, whether the account existed before or two calls import
 * the e-mail at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { httpsCallable, type FunctionsError } from 'firebase/functions';
import {
  adminApp,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  removePaths,
  signedInWebApp,
  uniqueEmail,
  type TestAccount,
  type WebApp,
} from '../support/backend';

interface Outcome {
  status: 'created' | 'reused' | 'skipped' | 'failed';
  uid?: string;
  reason?: string;
  field?: string;
}

/** Calls the function as `web`'s user. */
async function importPeople(web: WebApp, payload: unknown): Promise<Outcome[]> {
  const call = httpsCallable<unknown, { outcomes: Outcome[] }>(web.functions, 'httpsImportPeople');
  return (await call(payload)).data.outcomes;
}

/** The rejection of `promise` as `{code, message}` without the SDK's ' [status]' suffix. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = (await promise.then(
    () => expect.fail('expected the call to be rejected'),
    (e: unknown) => e,
  )) as FunctionsError;
  return { code: error.code, message: error.message.replace(/ \[\d{3}\]$/, '') };
}

/** A valid row for `email`. */
const row = (email: string, name = 'Import Test') => ({
  name,
  email,
  mobile: '+65 9123 4567',
  gender: 'F',
  dob: '31/01/2010',
  countryId: 'sg',
});

describe('httpsImportPeople', () => {
  let admin: TestAccount;
  let staff: TestAccount;
  let adminWeb: WebApp;
  let staffWeb: WebApp;
  const emails: string[] = [];
  const records: string[] = [];

  /** A fresh e-mail, removed with its account and record afterwards. */
  const email = (prefix: string) => {
    const value = uniqueEmail(prefix);
    emails.push(value);
    return value;
  };

  beforeAll(async () => {
    [admin, staff] = await Promise.all([
      createAccount({ email: uniqueEmail('imp-admin'), isAdmin: true }),
      createAccount({ email: uniqueEmail('imp-staff'), isAdmin: false }),
    ]);
    [adminWeb, staffWeb] = await Promise.all([
      signedInWebApp(admin.email, admin.password),
      signedInWebApp(staff.email, staff.password),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([adminWeb?.close(), staffWeb?.close()]);
    if (records.length > 0) await removePaths(...records);
    await Promise.all(emails.map((e) => deleteAccountByEmail(e)));
    await Promise.all([admin, staff].filter(Boolean).map((a) => deleteAccount(a.uid)));
  }, 60_000);

  it('refuses a non-admin, and creates nothing', async () => {
    const address = email('imp-denied');
    expect(
      await failure(importPeople(staffWeb, { kind: 'students', rows: [row(address)] })),
    ).toEqual({ code: 'functions/permission-denied', message: 'functions/permission-denied' });
    await expect(getAuth(adminApp()).getUserByEmail(address)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });

  it.each([
    { name: 'no rows', payload: { kind: 'students', rows: [] } },
    { name: 'an unknown kind', payload: { kind: 'users', rows: [{ email: 'a@b.test' }] } },
    { name: 'a number in a row', payload: { kind: 'tutors', rows: [{ email: 1 }] } },
    { name: 'an extra key', payload: { kind: 'tutors', rows: [{}], invite: true } },
    {
      name: 'more than 100 rows',
      payload: { kind: 'tutors', rows: Array.from({ length: 101 }, () => ({})) },
    },
  ])('refuses $name with invalid-argument', async ({ payload }) => {
    expect((await failure(importPeople(adminWeb, payload))).code).toBe(
      'functions/invalid-argument',
    );
  });

  it('refuses bad rows with their reasons and imports the good ones', async () => {
    const good = email('imp-good');
    const outcomes = await importPeople(adminWeb, {
      kind: 'tutors',
      rows: [
        row(good),
        { ...row(email('imp-noname')), name: '' },
        { ...row(email('imp-phone')), mobile: 'call me' },
        { ...row('not-an-email') },
        { ...row(email('imp-year')), teachingSince: '3020' },
      ],
    });
    expect(outcomes.map((o) => [o.status, o.field, o.reason])).toEqual([
      ['created', undefined, undefined],
      ['failed', 'name', 'People.required'],
      ['failed', 'mobile', 'People.invalidMobile'],
      ['failed', 'email', 'UserForm.invalidEmail'],
      ['failed', 'teachingSince', 'Tutors.yearOutOfRange'],
    ]);
    const uid = outcomes[0]?.uid as string;
    records.push(`tutors/${uid}`);
    const stored = (await getDatabase(adminApp()).ref(`tutors/${uid}`).get()).val() as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({
      id: uid,
      email: good,
      userType: 'tutor',
      gender: 'female',
      dob: '2010-01-31',
      countryId: 'SG',
      status: true,
    });
    const user = await getAuth(adminApp()).getUser(uid);
    expect(user.customClaims).toEqual({ userType: 'tutor' });
    expect(user.emailVerified).toBe(false);
    // The bad rows made no account.
    await expect(getAuth(adminApp()).getUserByEmail(emails.at(-1) as string)).rejects.toMatchObject(
      { code: 'auth/user-not-found' },
    );
  });

  it('reuses an existing account of the e-mail, and skips the record on a second import', async () => {
    const address = email('imp-reuse');
    const existing = await getAuth(adminApp()).createUser({ email: address });
    const [first] = await importPeople(adminWeb, { kind: 'students', rows: [row(address)] });
    expect(first).toEqual({ status: 'reused', uid: existing.uid });
    records.push(`students/${existing.uid}`);
    expect((await getAuth(adminApp()).getUser(existing.uid)).customClaims).toEqual({
      userType: 'student',
    });

    const [again] = await importPeople(adminWeb, {
      kind: 'students',
      rows: [row(address, 'Another Name')],
    });
    expect(again).toEqual({
      status: 'skipped',
      uid: existing.uid,
      reason: 'Import.alreadyImported',
    });
    const stored = await getDatabase(adminApp()).ref(`students/${existing.uid}/name`).get();
    expect(stored.val()).toBe('Import Test');
  });

  it('refuses the e-mail of a staff account or of the other kind', async () => {
    const [asStaff] = await importPeople(adminWeb, { kind: 'students', rows: [row(staff.email)] });
    expect(asStaff).toEqual({ status: 'failed', field: 'email', reason: 'Import.emailInUse' });

    const address = email('imp-kind');
    const [tutor] = await importPeople(adminWeb, { kind: 'tutors', rows: [row(address)] });
    records.push(`tutors/${tutor?.uid}`);
    const [student] = await importPeople(adminWeb, { kind: 'students', rows: [row(address)] });
    expect(student).toEqual({ status: 'failed', field: 'email', reason: 'Import.emailInUse' });
  });

  it('creates one account and one record when two calls import the same e-mail at once', async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => email(`imp-race${i}`));
    const rows = addresses.map((a) => row(a));
    // Two warm function instances first, so that the two calls below really run side by side
    // (the emulator starts an instance per concurrent call, which takes seconds).
    await Promise.all([1, 2].map(() => importPeople(adminWeb, { kind: 'students', rows: [{}] })));
    const [a, b] = await Promise.all([
      importPeople(adminWeb, { kind: 'students', rows }),
      importPeople(adminWeb, { kind: 'students', rows: [...rows].reverse() }),
    ]);
    const auth = getAuth(adminApp());
    for (const [i, address] of addresses.entries()) {
      const user = await auth.getUserByEmail(address);
      records.push(`students/${user.uid}`);
      const pair = [a[i], b[addresses.length - 1 - i]];
      // Both name the one account; exactly one of them wrote the record.
      expect(pair.map((o) => o?.uid)).toEqual([user.uid, user.uid]);
      expect(pair.filter((o) => o?.status === 'skipped')).toHaveLength(1);
      expect(pair.filter((o) => o?.status === 'created' || o?.status === 'reused')).toHaveLength(1);
    }
    const listed = await auth.getUsers(addresses.map((address) => ({ email: address })));
    expect(listed.users).toHaveLength(addresses.length);
    // Two function instances start cold here: seconds each on a loaded 2-core machine.
  }, 120_000);
});
