/**
 * Account creation for users, students and tutors (spec sections 4 and 7): the
 * httpsCreateUser callable creates the Auth account, then the record, the logo or photo upload
 * and the e-mailed sign-in link run in parallel. Each step's outcome is reported separately so
 * the admin can retry only what failed, without creating a second account.
 */
import { sendSignInLinkToEmail } from 'firebase/auth';
import { auth, database, functions } from './firebase';
import { toAppError, type AppError } from './errors';
import { storeOwnedFiles, type FileChanges, type OwnedFile } from './ownedFiles';
import { stripUndefined } from './rtdb';
import type { ProgressHandler } from './upload';

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

/** Every follow-up step, in the order they are listed to the admin. */
export const FOLLOW_UP_STEPS: readonly FollowUpStep[] = ['record', 'upload', 'invitation'];

/**
 * What creating an account-backed record needs (users, students, tutors; spec section 4).
 * - `account`: the httpsCreateUser payload;
 * - `record`: the record without its id; its file URL fields are set by the upload step;
 * - `files`: the chosen files by URL field ('logoUrl', 'cvUrl'), stored as the slice's OwnedFiles;
 * - `onProgress`: upload progress 0..100 of the first file;
 * - `resume`: set by Retry: the account made by the first attempt and the steps that failed then;
 *   only those run again, with the same uid (never a second account).
 */
export interface AccountRequest<R> {
  account: CreateAccountPayload;
  record: R;
  files?: FileChanges;
  onProgress?: ProgressHandler;
  resume?: { uid: string; steps: FollowUpStep[] };
}

/** The outcome: the account's uid, the record as written, and the failed steps (empty: done). */
export interface AccountOutcome<R> {
  uid: string;
  record: R & { id: string };
  /** False when the record step failed (nothing to show in the list yet). */
  recordWritten: boolean;
  failures: StepFailure[];
}

/** The account workflow's backend; unit tests give an in-memory one (thunk extraArgument). */
export interface AccountsApi {
  /**
   * Creates the account, then in parallel writes `{path}/{uid}` (with `id`), uploads the files
   * and e-mails the sign-in link.
   * @throws the callable's error (message = catalogue id, e.g. 'auth/email-already-exists') when
   *   the account cannot be made; step failures are returned, not thrown.
   */
  create<R extends object>(
    path: string,
    owned: readonly OwnedFile[],
    request: AccountRequest<R>,
  ): Promise<AccountOutcome<R>>;
}

/** The real account workflow, through httpsCreateUser, the Realtime Database and Storage. */
export const accountsApi: AccountsApi = {
  async create(path, owned, { account, record, files = {}, onProgress, resume }) {
    const uid = resume?.uid ?? (await createAccount(account));
    const wanted = new Set<FollowUpStep>(resume?.steps ?? FOLLOW_UP_STEPS);
    const stored = { ...record, id: uid };
    const [{ ref, set, update }, db] = await Promise.all([import('firebase/database'), database()]);
    // Only the record: the server keeps its list row, counters and index entries, and records
    // the change in the audit log (functions/src, database triggers).
    // The files' URLs go into the record, so the upload step waits for the record to exist.
    const recordWritten = wanted.has('record')
      ? (async () => {
          await set(ref(db, `${path}/${uid}`), stripUndefined(stored));
        })()
      : Promise.resolve();
    const failures = await runFollowUpSteps({
      record: wanted.has('record') ? () => recordWritten : undefined,
      upload:
        wanted.has('upload') && owned.some((o) => files[o.field])
          ? async () => {
              const urls = await storeOwnedFiles(owned, uid, null, files, onProgress);
              await recordWritten;
              await update(ref(db, `${path}/${uid}`), urls);
              Object.assign(stored, urls);
            }
          : undefined,
      invitation: wanted.has('invitation') ? () => sendInvitation(account.email) : undefined,
    });
    return {
      uid,
      record: stored,
      recordWritten: !failures.some((f) => f.step === 'record'),
      failures,
    };
  },
};
