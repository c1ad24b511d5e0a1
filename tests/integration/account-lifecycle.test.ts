/**
 * A student's or tutor's sign-in account lives as long as its record (functions/src/accounts.ts,
 * called by the record triggers): deleting the record through the app deletes the account, so the
 * e-mail can be used again for a new student; a staff account whose uid a record happens to name
 * is never touched.
 */
import { getAuth } from 'firebase-admin/auth';
import { httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rtdbEntityApi } from '@/shared/rtdb';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  signedInWebApp,
  triggersSettled,
  uniqueEmail,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { studentRecord } from './peopleFixtures';

let admin: TestAccount;
let web: WebApp;

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('lifecycle-admin'), isAdmin: true });
  web = await signedInWebApp(admin.email, admin.password);
});

afterAll(async () => {
  await web?.close();
  if (admin) await deleteAccount(admin.uid);
});

/** Creates a student's account through the callable, as the student form does. */
async function studentAccount(email: string): Promise<string> {
  const call = httpsCallable<{ email: string; userType: string }, { uid: string }>(
    web.functions,
    'httpsCreateUser',
  );
  return (await call({ email, userType: 'student' })).data.uid;
}

const accountExists = (uid: string) =>
  getAuth(adminApp())
    .getUser(uid)
    .then(
      () => true,
      () => false,
    );

describe('a deleted student', () => {
  it('takes its sign-in account with it, and its e-mail can be used again', async () => {
    const email = uniqueEmail('lifecycle-student');
    const uid = await studentAccount(email);
    const students = rtdbEntityApi<{ id: string } & Record<string, unknown>>('students', {
      connect: async () => web.database,
    });
    await students.create({ ...studentRecord('Lifecycle'), email, id: uid });
    expect(await accountExists(uid)).toBe(true);
    await students.remove(uid);
    await triggersSettled();
    expect(await accountExists(uid)).toBe(false);
    const again = await studentAccount(email);
    expect(again).not.toBe(uid);
    await getAuth(adminApp()).deleteUser(again);
  });

  it("never deletes a staff account named by a student's key", async () => {
    const staff = await createAccount({ email: uniqueEmail('lifecycle-staff') });
    try {
      const students = rtdbEntityApi<{ id: string } & Record<string, unknown>>('students', {
        connect: async () => web.database,
      });
      await students.create({ ...studentRecord('Same key'), id: staff.uid });
      await students.remove(staff.uid);
      await triggersSettled();
      expect(await accountExists(staff.uid)).toBe(true);
    } finally {
      await removePaths(`students/${staff.uid}`);
      await deleteAccount(staff.uid);
    }
  });
});
