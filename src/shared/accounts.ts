/**
 * Account creation for users, students and tutors (spec sections 4 and 7; issue 6): the
 * httpsCreateUser callable creates the Auth account, then the record, the logo or photo upload
 * and the e-mailed sign-in link run in parallel. Each step's outcome is reported separately so
 * the admin can retry only what failed, without creating a second account.
 */
import { sendSignInLinkToEmail } from 'firebase/auth';
import { auth, functions } from './firebase';
import { toAppError, type AppError } from './errors';

/** Payload of httpsCreateUser (spec section 7). */
export type CreateAccountPayload =
  { email: string; isAdmin: boolean } | { email: string; userType: 'student' | 'tutor' };

/**
 * Calls httpsCreateUser. Resolves with the new account's uid.
 * @throws FunctionsError whose message is a catalogue id, e.g. 'auth/email-already-exists'.
 */
export async function createAccount(payload: CreateAccountPayload): Promise<string> {
  const { httpsCallable } = await import('firebase/functions');
  const call = httpsCallable<CreateAccountPayload, { uid: string }>(
    await functions(),
    'httpsCreateUser',
  );
  return (await call(payload)).data.uid;
}

/**
 * E-mails the invited person a sign-in link whose target is /login (spec section 7); the e-mail
 * rides along in the link so the login screen need not ask for it again.
 */
export async function sendInvitation(email: string): Promise<void> {
  const url = `${window.location.origin}/login?email=${encodeURIComponent(email)}`;
  await sendSignInLinkToEmail(auth, email, { url, handleCodeInApp: true });
}

/** The steps after the account exists. */
export type FollowUpStep = 'record' | 'upload' | 'invitation';

/** What went wrong in one step; the others may have succeeded. */
export interface StepFailure {
  step: FollowUpStep;
  error: AppError;
}

/**
 * Runs the given follow-up steps in parallel and collects the failures (an empty array means
 * everything succeeded). Steps that are undefined are skipped, so a retry passes only the
 * steps that failed before, together with the uid it already has.
 */
export async function runFollowUpSteps(
  steps: Partial<Record<FollowUpStep, () => Promise<unknown>>>,
): Promise<StepFailure[]> {
  const entries = Object.entries(steps) as Array<
    [FollowUpStep, (() => Promise<unknown>) | undefined]
  >;
  const outcomes = await Promise.all(
    entries.map(async ([step, run]) => {
      if (!run) return null;
      try {
        await run();
        return null;
      } catch (error) {
        return { step, error: toAppError(error) } satisfies StepFailure;
      }
    }),
  );
  return outcomes.filter((o): o is StepFailure => o !== null);
}
