/**
 * Backend access shared by students and tutors (spec sections 4 and 7): the entity api of their
 * slices (deletion also removes the stored photo, and the other side of any confirmed match),
 * account creation with the follow-up steps, and the upload paths of photos and CVs.
 */
import {
  createAccount,
  runFollowUpSteps,
  sendInvitation,
  type FollowUpStep,
} from '@/shared/accounts';
import type { PersonBase } from '@/shared/domain/person';
import { database } from '@/shared/firebase';
import { rtdbEntityApi, stripUndefined, type EntityApi } from '@/shared/rtdb';
import {
  deleteStoredFile,
  resizedDownloadUrl,
  uploadFile,
  type ProgressHandler,
} from '@/shared/upload';

export type PersonPath = 'students' | 'tutors';

/** What the slice's create thunk takes. */
export type Create<T> = Omit<T, 'id'> & { id?: string };
/** What the slice's modify thunk takes. */
export type Modify<T> = { id: string; changes: Partial<Omit<T, 'id'>> };

/** Extension of an uploaded file, kept in the stored name (spec section 3, Files). */
export function fileExtension(file: { name: string; type: string }): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
}

/** Storage path of a person's photo: `students/{id}.{ext}` or `tutors/{id}.{ext}`. */
export function photoPath(path: PersonPath, id: string, file: { name: string; type: string }) {
  return `${path}/${id}.${fileExtension(file)}`;
}

/** Storage path of a tutor's CV: `tutor-cvs/{id}.{ext}`. */
export function cvPath(id: string, file: { name: string; type: string }) {
  return `tutor-cvs/${id}.${fileExtension(file)}`;
}

/**
 * Uploads a photo and returns the download URL of its 200x200 copy (spec section 9: the shown
 * address is the resized copy's).
 */
export async function uploadPhoto(
  path: PersonPath,
  id: string,
  file: File,
  onProgress?: ProgressHandler,
): Promise<string> {
  const { fullPath } = await uploadFile(photoPath(path, id, file), file, onProgress);
  return resizedDownloadUrl(fullPath);
}

/** Uploads a CV and returns its download URL. */
export async function uploadCv(id: string, file: File, onProgress?: ProgressHandler) {
  return (await uploadFile(cvPath(id, file), file, onProgress)).downloadUrl;
}

/**
 * The entity api of the students or tutors slice: rtdbEntityApi, with a `remove` that deletes the
 * record together with the other side of its confirmed matches in one multi-path update (so no
 * tutor keeps a deleted student, and no student a deleted tutor), and the stored photo (and CV)
 * in parallel (spec section 4).
 */
export function personEntityApi<T extends PersonBase>(
  path: PersonPath,
): EntityApi<T, Create<T>, Modify<T>> {
  const base = rtdbEntityApi<T>(path);
  return {
    ...base,
    async remove(id) {
      const db = await database();
      const { ref, get, update } = await import('firebase/database');
      const snap = await get(ref(db, `${path}/${id}`));
      const record = snap.val() as
        | (PersonBase & {
            tutorMapping?: Record<string, { confirmed?: string | null }>;
            confirmedStudents?: Record<string, Record<string, true>>;
            cvUrl?: string | null;
          })
        | null;
      const updates: Record<string, unknown> = { [`${path}/${id}`]: null };
      const now = Date.now();
      if (path === 'students') {
        for (const mapping of Object.values(record?.tutorMapping ?? {})) {
          if (mapping.confirmed)
            updates[`tutors/${mapping.confirmed}/confirmedStudents/${id}`] = null;
        }
      } else {
        for (const [studentId, subjects] of Object.entries(record?.confirmedStudents ?? {})) {
          for (const subjectId of Object.keys(subjects)) {
            const at = `students/${studentId}/tutorMapping/${subjectId}`;
            updates[`${at}/confirmed`] = null;
            updates[`${at}/updatedAt`] = now;
          }
        }
      }
      await Promise.all([
        update(ref(db), updates),
        deleteStoredFile(record?.logoUrl, { folder: path, id }),
        path === 'tutors'
          ? deleteStoredFile(record?.cvUrl, { folder: 'tutor-cvs', id })
          : Promise.resolve(),
      ]);
    },
  };
}

/** What `createPerson` needs; `uid` and `steps` are given again on a retry. */
export interface CreatePersonInput<T extends PersonBase> {
  path: PersonPath;
  /** The record without id, logoUrl and cvUrl (set by the upload step). */
  record: Omit<T, 'id'>;
  photo: File | null;
  cv?: File | null;
  /** The account made by a previous attempt: the account is not created again. */
  uid?: string;
  /** Only these steps (the ones that failed before); default all. */
  steps?: FollowUpStep[];
  onProgress?: ProgressHandler;
}

/** The outcome: the account id, the failed steps (empty: all done) and the stored URLs. */
export interface CreatePersonResult {
  uid: string;
  failures: Awaited<ReturnType<typeof runFollowUpSteps>>;
  logoUrl: string | null;
  cvUrl: string | null;
}

/**
 * Creates a student or tutor (spec section 4): httpsCreateUser({email, userType}) first, then in
 * parallel the record, the photo (and CV) upload, and the e-mailed sign-in link. A step that fails
 * is reported, not thrown, so the form can retry just that step with the same uid.
 * @throws the callable's error when the account cannot be created (e.g. e-mail in use).
 */
export async function createPerson<T extends PersonBase>(
  input: CreatePersonInput<T>,
): Promise<CreatePersonResult> {
  const { path, record, photo, cv } = input;
  const uid =
    input.uid ??
    (await createAccount({
      email: record.email,
      userType: path === 'students' ? 'student' : 'tutor',
    }));
  const wanted = new Set<FollowUpStep>(input.steps ?? ['record', 'upload', 'invitation']);
  let logoUrl = record.logoUrl;
  let cvUrl = (record as { cvUrl?: string | null }).cvUrl ?? null;
  const db = await database();
  const { ref, set, update } = await import('firebase/database');
  const failures = await runFollowUpSteps({
    record: wanted.has('record')
      ? () =>
          set(
            ref(db, `${path}/${uid}`),
            stripUndefined({ ...record, logoUrl, ...(path === 'tutors' ? { cvUrl } : {}) }),
          )
      : undefined,
    upload:
      wanted.has('upload') && (photo || cv)
        ? async () => {
            const [photoUrl, cvDownload] = await Promise.all([
              photo ? uploadPhoto(path, uid, photo, input.onProgress) : null,
              cv ? uploadCv(uid, cv) : null,
            ]);
            logoUrl = photoUrl ?? logoUrl;
            cvUrl = cvDownload ?? cvUrl;
            // The record was sent first on this connection, so this update lands after it.
            await update(
              ref(db, `${path}/${uid}`),
              stripUndefined({
                ...(photoUrl ? { logoUrl: photoUrl } : {}),
                ...(cvDownload ? { cvUrl: cvDownload } : {}),
              }),
            );
          }
        : undefined,
    invitation: wanted.has('invitation') ? () => sendInvitation(record.email) : undefined,
  });
  return { uid, failures, logoUrl, cvUrl };
}
