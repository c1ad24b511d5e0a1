/**
 * One source of truth for roles, through the real web SDK against the Functions, Auth,
 * Database and Storage of the local backend: httpsSetAdmin changes the record and the Storage
 * claim together and revokes the user's refresh tokens; httpsDeleteUser removes the record, the
 * account (an invitation sent before stops working) and only the user's own files; nobody changes
 * their own role or deletes themself; clients cannot write isAdmin; a logoUrl pointed at a
 * tutor's CV costs the CV nothing.
 */
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import {
  createUserWithEmailAndPassword,
  isSignInWithEmailLink,
  signInWithEmailLink,
} from 'firebase/auth';
import { get, ref as dbRef, update } from 'firebase/database';
import { httpsCallable, type FunctionsError } from 'firebase/functions';
import { deleteObject, getBytes, listAll, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  signedInWebApp,
  signedOutWebApp,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { TINY_PNG } from '../support/rulesMatrix';

const accounts: TestAccount[] = [];
const webs: WebApp[] = [];
let admin: TestAccount;
let adminWeb: WebApp;

async function account(isAdmin: boolean, name: string): Promise<TestAccount> {
  const made = await createAccount({ email: uniqueEmail(name), isAdmin, record: { name } });
  accounts.push(made);
  return made;
}

async function signIn(who: TestAccount): Promise<WebApp> {
  const web = await signedInWebApp(who.email, who.password);
  webs.push(web);
  return web;
}

function call(web: WebApp, name: string, payload: unknown) {
  return httpsCallable(web.functions, name)(payload);
}

/** The callable's rejection as its catalogue key (the SDK appends ' [status]'). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = (await promise.then(
    () => expect.fail('expected a refusal'),
    (e: unknown) => e,
  )) as FunctionsError;
  return error.message.replace(/ \[\d{3}\]$/, '');
}

async function signedOutWebAppForLink(): Promise<WebApp> {
  const web = await signedOutWebApp();
  webs.push(web);
  return web;
}

/** Upload metadata as the app sends it (src/shared/upload.ts); storage.rules require both. */
const PNG_UPLOAD = { contentType: 'image/png', contentDisposition: 'attachment' };

const bucket = () => getAdminStorage(adminApp()).bucket(backend.storageBucket);
const exists = async (path: string) => (await bucket().file(path).exists())[0];

beforeAll(async () => {
  admin = await account(true, 'roles-admin');
  adminWeb = await signIn(admin);
});

afterAll(async () => {
  await Promise.all(webs.map((w) => w.close()));
  await Promise.all(accounts.map((a) => deleteAccount(a.uid)));
});

describe('httpsSetAdmin', () => {
  it('demotes an admin: record and claim change, tokens are revoked, Storage admin rights end', async () => {
    const other = await account(true, 'roles-demoted');
    const otherWeb = await signIn(other);
    const photo = `students/${uniqueId('roles')}.png`;
    const cv = `tutor-cvs/${uniqueId('roles')}.pdf`;
    const othersLogo = `users/${admin.uid}.png`;
    await bucket().file(photo).save(Buffer.from(TINY_PNG), { contentType: 'image/png' });
    await bucket().file(cv).save(Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    await bucket().file(othersLogo).save(Buffer.from(TINY_PNG), { contentType: 'image/png' });
    // Before: Storage admin rights through the claim.
    await expect(listAll(ref(otherWeb.storage, 'students'))).resolves.toBeDefined();

    await call(adminWeb, 'httpsSetAdmin', { uid: other.uid, isAdmin: false });

    const stored = await getAdminDatabase(adminApp()).ref(`users/${other.uid}/isAdmin`).get();
    expect(stored.val()).toBe(false);
    expect((await getAdminAuth(adminApp()).getUser(other.uid)).customClaims?.admin).toBeUndefined();
    // Refresh tokens are revoked (production then refuses the refresh; the Auth emulator only
    // records the time), and the refreshed ID token no longer carries the claim.
    const { tokensValidAfterTime } = await getAdminAuth(adminApp()).getUser(other.uid);
    expect(Date.parse(tokensValidAfterTime ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await otherWeb.auth.currentUser?.getIdToken(true);
    // After the refresh, every Storage admin operation is refused: listing each folder, reading
    // a photo and a CV, writing a photo, a CV and another user's logo, deleting any of them.
    const storage = otherWeb.storage;
    const png = PNG_UPLOAD;
    for (const [what, attempt] of [
      ['list students', () => listAll(ref(storage, 'students'))],
      ['list users', () => listAll(ref(storage, 'users'))],
      ['list tutor-cvs', () => listAll(ref(storage, 'tutor-cvs'))],
      ['read a photo', () => getBytes(ref(storage, photo))],
      ['read a CV', () => getBytes(ref(storage, cv))],
      [
        'write a photo',
        () => uploadBytes(ref(storage, `tutors/${uniqueId('r')}.png`), TINY_PNG, png),
      ],
      ['write a CV', () => uploadBytes(ref(storage, cv), TINY_PNG, png)],
      ["write another user's logo", () => uploadBytes(ref(storage, othersLogo), TINY_PNG, png)],
      ['delete a photo', () => deleteObject(ref(storage, photo))],
      ['delete a CV', () => deleteObject(ref(storage, cv))],
      ["delete another user's logo", () => deleteObject(ref(storage, othersLogo))],
    ] as const) {
      await expect(attempt(), what).rejects.toMatchObject({ code: 'storage/unauthorized' });
    }
    for (const path of [photo, cv, othersLogo]) {
      expect(await exists(path), path).toBe(true);
      await bucket().file(path).delete();
    }
    // Still a back-office user (the `staff` claim stays): their own logo uploads.
    await uploadBytes(ref(storage, `users/${other.uid}.png`), TINY_PNG, png);
    await bucket().file(`users/${other.uid}.png`).delete();
  });

  it("promotes a user: their uploads of a student's photo work after signing in again", async () => {
    const user = await account(false, 'roles-promoted');
    const path = `students/${uniqueId('roles')}.png`;
    const before = await signIn(user);
    await expect(
      uploadBytes(ref(before.storage, path), TINY_PNG, PNG_UPLOAD),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });

    await call(adminWeb, 'httpsSetAdmin', { uid: user.uid, isAdmin: true });

    const after = await signIn(user);
    await uploadBytes(ref(after.storage, path), TINY_PNG, PNG_UPLOAD);
    expect(await exists(path)).toBe(true);
    await bucket().file(path).delete();
  });

  it('refuses self-demotion, non-admin callers and bad payloads', async () => {
    const staff = await account(false, 'roles-staff');
    const staffWeb = await signIn(staff);
    expect(await refusal(call(adminWeb, 'httpsSetAdmin', { uid: admin.uid, isAdmin: false }))).toBe(
      'users/self-role-change',
    );
    expect(await refusal(call(staffWeb, 'httpsSetAdmin', { uid: staff.uid, isAdmin: true }))).toBe(
      'functions/permission-denied',
    );
    for (const payload of [{ uid: staff.uid }, { uid: 'a/b', isAdmin: true }, null]) {
      expect(await refusal(call(adminWeb, 'httpsSetAdmin', payload))).toBe(
        'functions/invalid-argument',
      );
    }
    expect(
      await refusal(call(adminWeb, 'httpsSetAdmin', { uid: uniqueId('nobody'), isAdmin: true })),
    ).toBe('functions/not-found');
    expect((await getAdminDatabase(adminApp()).ref(`users/${admin.uid}/isAdmin`).get()).val()).toBe(
      true,
    );
  });

  it('two admins demoting each other at the same moment: one call is refused, one admin stays', async () => {
    const [a, b] = await Promise.all([
      account(true, 'roles-duel-a'),
      account(true, 'roles-duel-b'),
    ]);
    const [aWeb, bWeb] = await Promise.all([signIn(a), signIn(b)]);
    const outcomes = await Promise.allSettled([
      call(aWeb, 'httpsSetAdmin', { uid: b.uid, isAdmin: false }),
      call(bWeb, 'httpsSetAdmin', { uid: a.uid, isAdmin: false }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect((refused?.reason as FunctionsError).message).toMatch(/^functions\/permission-denied/);
    const roles = await Promise.all(
      [a, b].map(async (who) => ({
        record: (await getAdminDatabase(adminApp()).ref(`users/${who.uid}/isAdmin`).get()).val(),
        claim: (await getAdminAuth(adminApp()).getUser(who.uid)).customClaims?.admin === true,
      })),
    );
    // Exactly one of the two is still an admin, in the record and the claim alike.
    expect(roles.filter((r) => r.record === true)).toHaveLength(1);
    expect(roles.map((r) => r.claim)).toEqual(roles.map((r) => r.record === true));
  });

  it("refuses a client write of isAdmin, an admin's included", async () => {
    const staff = await account(false, 'roles-self-promoting');
    const staffWeb = await signIn(staff);
    for (const [web, uid] of [
      [staffWeb, staff.uid],
      [adminWeb, staff.uid],
    ] as const) {
      await expect(update(dbRef(web.database, `users/${uid}`), { isAdmin: true })).rejects.toThrow(
        /permission.denied/i,
      );
    }
  });
});

describe('Storage without a users record', () => {
  it('an account made through the Auth sign-up API stores no file, not even its own logo', async () => {
    const web = await signedOutWebAppForLink();
    const email = uniqueEmail('roles-self-registered');
    const { user } = await createUserWithEmailAndPassword(web.auth, email, 'secret123');
    accounts.push({ uid: user.uid, email, password: 'secret123', isAdmin: false, record: null });
    for (const path of [
      `users/${user.uid}.png`,
      `users/${user.uid}.jpg`,
      `users/${user.uid}.webp`,
    ]) {
      await expect(
        uploadBytes(ref(web.storage, path), TINY_PNG, PNG_UPLOAD),
        path,
      ).rejects.toMatchObject({ code: 'storage/unauthorized' });
      expect(await exists(path), path).toBe(false);
    }
    await expect(listAll(ref(web.storage, 'users'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  it('httpsCreateUser gives a new staff account the staff claim, and it uploads its own logo', async () => {
    const email = uniqueEmail('roles-invited');
    const { data } = (await call(adminWeb, 'httpsCreateUser', { email, isAdmin: false })) as {
      data: { uid: string };
    };
    accounts.push({ uid: data.uid, email, password: 'secret123', isAdmin: false, record: null });
    expect((await getAdminAuth(adminApp()).getUser(data.uid)).customClaims).toEqual({
      staff: true,
    });
    await getAdminAuth(adminApp()).updateUser(data.uid, { password: 'secret123' });
    const web = await signIn({
      uid: data.uid,
      email,
      password: 'secret123',
      isAdmin: false,
      record: null,
    });
    const path = `users/${data.uid}.png`;
    await uploadBytes(ref(web.storage, path), TINY_PNG, PNG_UPLOAD);
    expect(await exists(path)).toBe(true);
    await bucket().file(path).delete();
  });
});

describe('httpsDeleteUser', () => {
  it('deletes record, account and own logo; an invitation sent before no longer works', async () => {
    const user = await account(false, 'roles-deleted');
    const link = await getAdminAuth(adminApp()).generateSignInWithEmailLink(user.email, {
      url: `${backend.appUrl}/login`,
      handleCodeInApp: true,
    });
    for (const name of [`users/${user.uid}.png`, `users/${user.uid}_200x200.png`]) {
      await bucket().file(name).save(Buffer.from(TINY_PNG), { contentType: 'image/png' });
    }

    await call(adminWeb, 'httpsDeleteUser', { uid: user.uid });

    expect((await getAdminDatabase(adminApp()).ref(`users/${user.uid}`).get()).exists()).toBe(
      false,
    );
    await expect(getAdminAuth(adminApp()).getUser(user.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect(await exists(`users/${user.uid}.png`)).toBe(false);
    expect(await exists(`users/${user.uid}_200x200.png`)).toBe(false);
    await expect(signedInWebApp(user.email, user.password)).rejects.toBeDefined();
    // The old link cannot reach the deleted account: at most it makes a new, empty account
    // (e-mail link sign-in creates one), which has no users record and so no access.
    const visitor = await signedOutWebAppForLink();
    expect(isSignInWithEmailLink(visitor.auth, link)).toBe(true);
    const outcome = await signInWithEmailLink(visitor.auth, user.email, link).catch(() => null);
    if (outcome) {
      accounts.push({ ...user, uid: outcome.user.uid });
      expect(outcome.user.uid).not.toBe(user.uid);
      expect((await get(dbRef(visitor.database, `users/${outcome.user.uid}`))).exists()).toBe(
        false,
      );
      await expect(get(dbRef(visitor.database, 'students'))).rejects.toThrow(/permission.denied/i);
    }
  });

  it("deletes nothing it should not: a logoUrl pointed at a tutor's CV leaves the CV", async () => {
    const staff = await account(false, 'roles-deputy');
    const staffWeb = await signIn(staff);
    const cv = `tutor-cvs/${uniqueId('roles')}.pdf`;
    await bucket().file(cv).save(Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    const cvUrl = `http://${backend.storage.host}:${backend.storage.port}/v0/b/${backend.storageBucket}/o/${encodeURIComponent(cv)}?alt=media`;
    // The rules refuse the URL (it is not the user's own logo)...
    await expect(
      update(dbRef(staffWeb.database, `users/${staff.uid}`), { logoUrl: cvUrl }),
    ).rejects.toThrow(/permission.denied/i);
    // ...and should such a URL be stored anyway (older data), deleting its user leaves the CV.
    await getAdminDatabase(adminApp()).ref(`users/${staff.uid}/logoUrl`).set(cvUrl);

    await call(adminWeb, 'httpsDeleteUser', { uid: staff.uid });

    expect(await exists(cv)).toBe(true);
    await bucket().file(cv).delete();
  });

  it('two admins deleting each other at the same moment: one call is refused, one admin stays', async () => {
    const [a, b] = await Promise.all([account(true, 'roles-del-a'), account(true, 'roles-del-b')]);
    const [aWeb, bWeb] = await Promise.all([signIn(a), signIn(b)]);
    const outcomes = await Promise.allSettled([
      call(aWeb, 'httpsDeleteUser', { uid: b.uid }),
      call(bWeb, 'httpsDeleteUser', { uid: a.uid }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const left = await Promise.all(
      [a, b].map(
        async (who) =>
          (await getAdminDatabase(adminApp()).ref(`users/${who.uid}/isAdmin`).get()).val() === true,
      ),
    );
    expect(left.filter(Boolean)).toHaveLength(1);
  });

  it('refuses self-deletion and non-admin callers', async () => {
    const staff = await account(false, 'roles-nondeleter');
    const staffWeb = await signIn(staff);
    expect(await refusal(call(adminWeb, 'httpsDeleteUser', { uid: admin.uid }))).toBe(
      'users/self-role-change',
    );
    expect(await refusal(call(staffWeb, 'httpsDeleteUser', { uid: admin.uid }))).toBe(
      'functions/permission-denied',
    );
    expect((await getAdminDatabase(adminApp()).ref(`users/${admin.uid}`).get()).exists()).toBe(
      true,
    );
  });
});
