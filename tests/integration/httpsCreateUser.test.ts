/**
 * The callable `httpsCreateUser` (functions/src/httpsCreateUser.ts; spec §4, §7, §8) through the
 * real web SDK `httpsCallable` against the Functions emulator, which reads the caller's admin flag
 * from our Database server and creates accounts in the Auth emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { httpsCallable, type FunctionsError } from 'firebase/functions';
import {
  adminApp,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  signedInWebApp,
  signedOutWebApp,
  uniqueEmail,
  type TestAccount,
  type WebApp,
} from '../support/backend';

type Payload = Record<string, unknown> | unknown[] | string | null;

/** Calls the function as `web`'s user; resolves `{uid}` or rejects with a FunctionsError. */
async function createUser(web: WebApp, payload: Payload): Promise<{ uid: string }> {
  const call = httpsCallable<Payload, { uid: string }>(web.functions, 'httpsCreateUser');
  return (await call(payload)).data;
}

/**
 * The rejection of `promise` as `{code, message}` (fails the test if it resolves). The web SDK
 * (firebase@12, `_errorForResponse`) appends the HTTP status to the server's message, e.g.
 * 'auth/email-already-exists [409]'; it is checked here and removed, leaving the translation key.
 */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = (await promise.then(
    () => expect.fail('expected the call to be rejected'),
    (e: unknown) => e,
  )) as FunctionsError;
  expect(error.message).toMatch(/ \[\d{3}\]$/);
  return { code: error.code, message: error.message.replace(/ \[\d{3}\]$/, '') };
}

describe('httpsCreateUser', () => {
  let admin: TestAccount;
  let staff: TestAccount;
  let adminWeb: WebApp;
  let staffWeb: WebApp;
  let signedOut: WebApp;
  const created: string[] = [];

  beforeAll(async () => {
    [admin, staff] = await Promise.all([
      createAccount({ email: uniqueEmail('fn-admin'), isAdmin: true }),
      createAccount({ email: uniqueEmail('fn-staff'), isAdmin: false }),
    ]);
    [adminWeb, staffWeb, signedOut] = await Promise.all([
      signedInWebApp(admin.email, admin.password),
      signedInWebApp(staff.email, staff.password),
      signedOutWebApp(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([adminWeb?.close(), staffWeb?.close(), signedOut?.close()]);
    await Promise.all([admin, staff].filter(Boolean).map((a) => deleteAccount(a.uid)));
    await Promise.all(created.map((email) => deleteAccountByEmail(email)));
  });

  it.each([
    { payload: { isAdmin: true }, claims: { staff: true, admin: true } },
    { payload: { isAdmin: false }, claims: { staff: true } },
    { payload: { userType: 'student' }, claims: { userType: 'student' } },
    { payload: { userType: 'tutor' }, claims: { userType: 'tutor' } },
  ])('an admin creates an account for $payload', async ({ payload, claims }) => {
    const email = uniqueEmail('fn-new');
    created.push(email);

    const { uid } = await createUser(adminWeb, { email, ...payload });

    expect(uid).toMatch(/^\w{20,}$/);
    const user = await getAuth(adminApp()).getUser(uid);
    expect(user.email).toBe(email);
    // The invitee verifies by signing in with the e-mailed link (spec §2 Login, §4).
    expect(user.emailVerified).toBe(false);
    expect(user.customClaims).toEqual(claims);
  });

  it('refuses an e-mail that already has an account with auth/email-already-exists', async () => {
    expect(await failure(createUser(adminWeb, { email: staff.email, isAdmin: false }))).toEqual({
      code: 'functions/already-exists',
      message: 'auth/email-already-exists',
    });
  });

  it('refuses a signed-in non-admin, and creates nothing', async () => {
    const email = uniqueEmail('fn-denied');
    expect(await failure(createUser(staffWeb, { email, isAdmin: true }))).toEqual({
      code: 'functions/permission-denied',
      message: 'functions/permission-denied',
    });
    await expect(getAuth(adminApp()).getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });

  it('refuses a non-admin even when the token claims admin (the database decides)', async () => {
    const forged = await createAccount({ email: uniqueEmail('fn-claim'), claims: { admin: true } });
    const web = await signedInWebApp(forged.email, forged.password);
    try {
      expect(await failure(createUser(web, { email: uniqueEmail('x'), isAdmin: true }))).toEqual({
        code: 'functions/permission-denied',
        message: 'functions/permission-denied',
      });
    } finally {
      await web.close();
      await deleteAccount(forged.uid);
    }
  });

  it('refuses a signed-in user without a users record', async () => {
    const orphan = await createAccount({ email: uniqueEmail('fn-orphan'), userRecord: false });
    const web = await signedInWebApp(orphan.email, orphan.password);
    try {
      const result = await failure(createUser(web, { email: uniqueEmail('x'), isAdmin: false }));
      expect(result.code).toBe('functions/permission-denied');
    } finally {
      await web.close();
      await deleteAccount(orphan.uid);
    }
  });

  it('refuses a signed-out caller', async () => {
    expect(
      await failure(createUser(signedOut, { email: uniqueEmail('x'), isAdmin: false })),
    ).toEqual({
      code: 'functions/unauthenticated',
      message: 'functions/unauthenticated',
    });
  });

  it.each([
    'not-an-email',
    'two@@tuition.test',
    'spaces in@tuition.test',
    'nodomain@',
    `${'a'.repeat(250)}@tuition.test`,
  ])('refuses the malformed e-mail %j with auth/invalid-email', async (email) => {
    expect(await failure(createUser(adminWeb, { email, isAdmin: false }))).toEqual({
      code: 'functions/invalid-argument',
      message: 'auth/invalid-email',
    });
  });

  it.each<{ name: string; payload: Payload }>([
    { name: 'no payload', payload: null },
    { name: 'a string', payload: 'x@tuition.test' },
    { name: 'an array', payload: ['x@tuition.test'] },
    { name: 'no e-mail', payload: { isAdmin: true } },
    { name: 'a numeric e-mail', payload: { email: 42, isAdmin: true } },
    { name: 'neither isAdmin nor userType', payload: { email: 'a@tuition.test' } },
    {
      name: 'both isAdmin and userType',
      payload: { email: 'a@t.test', isAdmin: true, userType: 'tutor' },
    },
    { name: 'isAdmin as a string', payload: { email: 'a@tuition.test', isAdmin: 'true' } },
    { name: 'an unknown userType', payload: { email: 'a@tuition.test', userType: 'admin' } },
    { name: 'an extra key', payload: { email: 'a@tuition.test', isAdmin: false, password: 'x' } },
  ])('refuses $name with invalid-argument', async ({ payload }) => {
    expect(await failure(createUser(adminWeb, payload))).toEqual({
      code: 'functions/invalid-argument',
      message: 'functions/invalid-argument',
    });
  });
});
