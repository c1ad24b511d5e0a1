/**
 * "The signed-in user's app refreshes its token when its own role changes":
 * the app's own session listener (src/features/auth/sessionListener.ts), on the app's own
 * Firebase app, follows `users/{uid}/isAdmin`; when another admin promotes or demotes the user
 * through httpsSetAdmin, the app's ID token carries the new `admin` claim without the test
 * refreshing it, and Storage answers accordingly. Against the local backend (the Auth emulator
 * lets a revoked refresh token refresh, so the session continues; production signs the user out,
 * which the listener also handles).
 */
import { configureStore } from '@reduxjs/toolkit';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { listAll, ref } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSlice } from '@/features/auth/authSlice';
import { startSessionListener } from '@/features/auth/sessionListener';
import { auth, storage } from '@/shared/firebase';
import {
  createAccount,
  deleteAccount,
  signedInWebApp,
  uniqueEmail,
  type TestAccount,
  type WebApp,
} from '../support/backend';

let admin: TestAccount;
let user: TestAccount;
let adminWeb: WebApp;
let stopListener: () => void = () => undefined;

/** The `admin` claim of the app's current ID token, as cached (no forced refresh). */
async function appTokenIsAdmin(): Promise<boolean> {
  return (await auth.currentUser?.getIdTokenResult())?.claims.admin === true;
}

const setAdmin = (isAdmin: boolean) =>
  httpsCallable(adminWeb.functions, 'httpsSetAdmin')({ uid: user.uid, isAdmin });

beforeAll(async () => {
  [admin, user] = await Promise.all([
    createAccount({ email: uniqueEmail('refresh-admin'), isAdmin: true }),
    createAccount({ email: uniqueEmail('refresh-user') }),
  ]);
  adminWeb = await signedInWebApp(admin.email, admin.password);
  const store = configureStore({ reducer: { auth: authSlice.reducer } });
  stopListener = startSessionListener(store);
  await signInWithEmailAndPassword(auth, user.email, user.password);
});

afterAll(async () => {
  stopListener();
  await signOut(auth);
  await adminWeb.close();
  await Promise.all([deleteAccount(admin.uid), deleteAccount(user.uid)]);
});

describe("the app follows its user's role", () => {
  it('promoted: the token gains the admin claim by itself, and Storage admin reads work', async () => {
    const students = ref(await storage(), 'students');
    await expect(listAll(students)).rejects.toMatchObject({ code: 'storage/unauthorized' });
    expect(await appTokenIsAdmin()).toBe(false);

    await setAdmin(true);

    await expect.poll(appTokenIsAdmin, { timeout: 10_000 }).toBe(true);
    await expect(listAll(students)).resolves.toBeDefined();
  });

  it('demoted: the token loses the claim by itself, and Storage admin reads are refused', async () => {
    await setAdmin(false);

    await expect.poll(appTokenIsAdmin, { timeout: 10_000 }).toBe(false);
    await expect(listAll(ref(await storage(), 'students'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });
});
