/**
 * Creating an account-backed record from a form (users, students, tutors; spec section 4, issue
 * 6 and 14): dispatches the slice's `createWithAccount` (shared/entitySlice, the one account
 * workflow) and remembers which follow-up steps failed, so that the next call retries only those
 * with the same account (never a second account). Toasts come from the app's notifications
 * listener: the success message, 'FollowUp.failed' for failed steps, or the account's error.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AccountRequest, StepFailure } from '../accounts';
import type { AccountError } from '../entitySlice';

/* The thunk's own dispatch/getState/extra types do not matter here. */
/* eslint-disable @typescript-eslint/no-explicit-any */
type AccountThunk<T, R> = (
  request: AccountRequest<R>,
) => (
  dispatch: any,
  getState: any,
  extra: any,
) => Promise<{ payload?: unknown; meta: object }> & { unwrap(): Promise<T> };
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The account made by an earlier attempt and the steps that failed then. */
export interface PendingAccount {
  uid: string;
  failures: StepFailure[];
}

/**
 * @param createWithAccount the slice's thunk
 * @returns `create(request)`: resolves with the stored record on success, null on failure (the
 *   form keeps its input); `pending`: the failed steps to list with a Retry (null when none);
 *   `creating`: true while it runs.
 */
export function useAccountCreation<T, R>(createWithAccount: AccountThunk<T, R>) {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [pending, setPending] = useState<PendingAccount | null>(null);
  const [creating, setCreating] = useState(false);

  const create = async (request: Omit<AccountRequest<R>, 'resume'>): Promise<T | null> => {
    setCreating(true);
    try {
      const result = await dispatch(
        createWithAccount({
          ...request,
          resume: pending
            ? { uid: pending.uid, steps: pending.failures.map((f) => f.step) }
            : undefined,
        }),
      );
      if ((result.meta as { requestStatus?: string }).requestStatus === 'fulfilled') {
        setPending(null);
        return result.payload as T;
      }
      const error = result.payload as AccountError | undefined;
      if (error?.uid && error.failures) setPending({ uid: error.uid, failures: error.failures });
      return null;
    } finally {
      setCreating(false);
    }
  };

  return { create, pending, creating };
}
