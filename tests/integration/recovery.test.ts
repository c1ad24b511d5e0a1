/**
 * Password recovery does not tell whether an account exists: the app's own thunk,
 * through the web SDK against the Auth emulator, confirms the same for a known and an unknown
 * e-mail, and refuses a malformed one with 'Email is invalid'.
 */
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import { firebaseAuthApi } from '@/features/auth/authApi';
import { authSlice, sendResetLink } from '@/features/auth/authSlice';
import { accountsApi } from '@/shared/accounts';
import type { ThunkExtra } from '@/shared/entitySlice';
import { createAccount, deleteAccount, uniqueEmail, type TestAccount } from '../support/backend';

let known: TestAccount;

beforeAll(async () => {
  known = await createAccount({ email: uniqueEmail('recovery'), record: { name: 'Recovery' } });
});

afterAll(async () => {
  if (known) await deleteAccount(known.uid);
});

/** What the recovery form would show after asking for `email`. */
async function recover(email: string) {
  // The real AuthApi, as the app's store gives it to the thunks.
  const extra: ThunkExtra = { apis: { auth: firebaseAuthApi }, accounts: accountsApi };
  const store = configureStore({
    reducer: { auth: authSlice.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
  const result = await store.dispatch(sendResetLink({ email }));
  const error = sendResetLink.rejected.match(result) ? result.payload : undefined;
  return {
    confirmed: store.getState().auth.restoredPassword,
    error: error ? messages.en[error.messageId as keyof typeof messages.en] : undefined,
  };
}

describe('password recovery', () => {
  it('confirms the same for a known and an unknown e-mail', async () => {
    const forKnown = await recover(known.email);
    const forUnknown = await recover(uniqueEmail('nobody-has-this'));
    expect(forKnown).toEqual({ confirmed: true, error: undefined });
    expect(forUnknown).toEqual(forKnown);
  });

  it("refuses a malformed e-mail with 'Email is invalid'", async () => {
    expect(await recover('not-an-email')).toEqual({ confirmed: false, error: 'Email is invalid' });
  });
});
