/**
 * Backend access of the users list (spec sections 3, 4 and 7): the records under `users/{uid}`
 * (uid = the Auth account id) and their logos in Cloud Storage at `users/{uid}.{ext}`, shown
 * through the extension's 200x200 copy. Plugged into the entity-slice factory as its `api`.
 */
import {
  createAccount,
  runFollowUpSteps,
  sendInvitation,
  type FollowUpStep,
  type StepFailure,
} from '@/shared/accounts';
import { database } from '@/shared/firebase';
import { rtdbEntityApi, type EntityApi } from '@/shared/rtdb';
import {
  replaceImage,
  resizedDownloadUrl,
  uploadFile,
  type ProgressHandler,
} from '@/shared/upload';
import { deleteUserAccount, setAdminRole } from './roleApi';
import type { User } from './types';

/** A users record as stored (spec 3): the User without its key. */
type UserRecord = Omit<User, 'id'>;

/** The fields an admin or the owner may change; the e-mail never changes (spec 4). */
type UserChanges = Partial<Pick<User, 'name' | 'location' | 'isAdmin' | 'createdAt'>>;

/** Input of `modify`: changed fields plus, optionally, a new logo file to upload first. */
export interface ModifyUserInput {
  id: string;
  changes: UserChanges;
  logo?: File | null;
  /** Upload progress, 0..100. */
  onProgress?: ProgressHandler;
}

/** Input of the factory's record-only `create` (the account already exists; id = its uid). */
type CreateRecordInput = UserRecord & { id: string };

const base = rtdbEntityApi<User>('users');

/** The storage path of a user's logo: `users/{uid}.{ext}`, the file's extension kept (spec 3). */
export function logoPath(uid: string, file: File): string {
  const fromName = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1];
  const fromType = /^image\/([A-Za-z0-9]+)/.exec(file.type)?.[1];
  return `users/${uid}.${(fromName ?? fromType ?? 'img').toLowerCase()}`;
}

/**
 * Uploads a logo and waits for its 200x200 copy.
 * @returns the resized copy's download URL, the address the record keeps (spec 3, Files).
 */
export async function uploadLogo(
  uid: string,
  file: File,
  onProgress?: ProgressHandler,
): Promise<string> {
  const { fullPath } = await uploadFile(logoPath(uid, file), file, onProgress);
  return resizedDownloadUrl(fullPath);
}

async function readLogoUrl(uid: string): Promise<string | null> {
  const [{ get, ref }, db] = await Promise.all([import('firebase/database'), database()]);
  const snapshot = await get(ref(db, `users/${uid}/logoUrl`));
  const value: unknown = snapshot.val();
  return typeof value === 'string' ? value : null;
}

async function writeLogoUrl(uid: string, logoUrl: string): Promise<void> {
  const [{ set, ref }, db] = await Promise.all([import('firebase/database'), database()]);
  await set(ref(db, `users/${uid}/logoUrl`), logoUrl);
}

/** Replaces a user's logo (shared replaceImage: the old files go first). */
async function replaceLogo(uid: string, file: File, onProgress?: ProgressHandler) {
  return replaceImage(
    { folder: 'users', id: uid },
    await readLogoUrl(uid),
    logoPath(uid, file),
    file,
    onProgress,
  );
}

/** The users list's EntityApi: the RTDB default plus logo handling in `modify` and `remove`. */
export const usersApi: EntityApi<User, CreateRecordInput, ModifyUserInput> = {
  list: () => base.list(),
  get: (id) => base.get(id),
  create: (input) => base.create(input),
  /**
   * Changes the role through httpsSetAdmin when `isAdmin` differs from the stored one (the rules
   * refuse it from clients, issue 15), uploads the new logo when given, then updates the other
   * changed fields (and logoUrl).
   */
  async modify({ id, changes, logo, onProgress }) {
    const { isAdmin, ...fields } = changes;
    if (isAdmin !== undefined && isAdmin !== (await base.get(id)).isAdmin) {
      await setAdminRole(id, isAdmin);
    }
    const logoUrl = logo ? await replaceLogo(id, logo, onProgress) : undefined;
    return base.modify({ id, changes: { ...fields, ...(logoUrl ? { logoUrl } : {}) } });
  },
  /**
   * Deletes the user through httpsDeleteUser: record, Auth account (an invitation sent before
   * stops working), then the logo and its resized copy, whose names the server derives from the
   * uid (never from the stored logoUrl, which its owner could point at someone else's file).
   */
  async remove(id) {
    await deleteUserAccount(id);
  },
};

/** What the create form sends: the record's fields, the logo, and a retry's resume point. */
export interface CreateUserInput {
  record: Omit<UserRecord, 'logoUrl'>;
  logo?: File | null;
  onProgress?: ProgressHandler;
  /**
   * Set by Retry: the account made by the first attempt and the steps that failed then; only
   * those run again, with the same uid (no second account, issue 6).
   */
  resume?: { uid: string; steps: FollowUpStep[] };
}

/** Outcome of {@link createUserWithInvitation}. */
interface CreateUserOutcome {
  uid: string;
  /** The record as written (logoUrl set when the upload succeeded). */
  user: User;
  /** Steps that failed; empty when everything succeeded. */
  failures: StepFailure[];
}

/**
 * Creates a user (spec 4 and 7): the httpsCreateUser callable makes the Auth account (payload
 * {email, isAdmin}), then in parallel the `users/{uid}` record is written, the logo is uploaded
 * (its resized copy's URL then set as logoUrl) and the sign-in link is e-mailed.
 * @throws the callable's error (message = catalogue id, e.g. 'auth/email-already-exists') when
 *   the account cannot be made; step failures are returned, not thrown.
 */
export async function createUserWithInvitation(input: CreateUserInput): Promise<CreateUserOutcome> {
  const { record, logo, onProgress, resume } = input;
  const uid =
    resume?.uid ?? (await createAccount({ email: record.email, isAdmin: record.isAdmin }));
  const wanted = new Set<FollowUpStep>(resume?.steps ?? ['record', 'upload', 'invitation']);
  const user: User = { ...record, id: uid, logoUrl: null };

  // The logo's URL goes into the record, so the upload step waits for the record to exist.
  const recordWritten = wanted.has('record')
    ? base.create({ ...record, id: uid, logoUrl: null })
    : Promise.resolve();
  const failures = await runFollowUpSteps({
    record: wanted.has('record') ? () => recordWritten : undefined,
    upload:
      wanted.has('upload') && logo
        ? async () => {
            const url = await uploadLogo(uid, logo, onProgress);
            await recordWritten;
            await writeLogoUrl(uid, url);
            user.logoUrl = url;
          }
        : undefined,
    invitation: wanted.has('invitation') ? () => sendInvitation(record.email) : undefined,
  });
  return { uid, user, failures };
}
