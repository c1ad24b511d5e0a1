/**
 * The tutor mapping writes (spec section 3, Tutor mapping).
 *
 * Both sides of a confirmed match live in two records: `students/{s}/tutorMapping/{subject}/
 * confirmed = t` and `tutors/{t}/confirmedStudents/{s}/{subject} = true`. Every change is ONE
 * multi-path `update` at the root, so a reader never sees one side without the other.
 *
 * Concurrency (two admins at once): the update is computed from the confirmed tutor read just
 * before it, and database.rules.json only accepts it when it agrees with the SERVER's state:
 * - the new confirmed tutor's side must be set in the same write (and the tutor must exist);
 * - a tutor side may only be set when the student side names that tutor after the write;
 * - when the confirmed tutor changes (or is removed), the former tutor's side — the one the
 *   server holds, `data`, not what this client believed — must be cleared in the same write.
 * A write based on a stale read therefore names the wrong former tutor and is rejected with
 * PERMISSION_DENIED; `setConfirmedTutor` then reads again and retries, so the last admin wins and
 * both sides still agree. The server counts the matched subjects and records the change in the
 * audit log (database triggers on students and tutors). The mapping node keeps `updatedAt`, so it
 * never disappears when the
 * confirmed tutor is removed, and its `.validate` (which Firebase skips for deleted locations)
 * still runs.
 */
import { get, ref, update, type Database } from 'firebase/database';
import { toAppError } from '@/shared/errors';

/** The multi-path update that moves the confirmed tutor of (student, subject) from `previous`
 * to `next` (null: none), on both sides; no read, so it can be tested without a database. */
export function confirmUpdates(
  studentId: string,
  subjectId: string,
  previous: string | null,
  next: string | null,
  now: number,
): Record<string, unknown> {
  const base = `students/${studentId}/tutorMapping/${subjectId}`;
  const updates: Record<string, unknown> = {
    [`${base}/confirmed`]: next,
    [`${base}/updatedAt`]: now,
  };
  if (previous && previous !== next) {
    updates[`tutors/${previous}/confirmedStudents/${studentId}/${subjectId}`] = null;
  }
  if (next) updates[`tutors/${next}/confirmedStudents/${studentId}/${subjectId}`] = true;
  return updates;
}

/** True for the database's PERMISSION_DENIED, as shared/errors classifies it. */
function isPermissionDenied(error: unknown): boolean {
  return toAppError(error).messageId === 'database/permission-denied';
}

/**
 * Makes `tutorId` the confirmed tutor of the student's subject (null removes it), updating the
 * former tutor's side too. Retries up to `attempts` times when a concurrent change made the read
 * stale (see the module comment).
 * @returns the tutor that was confirmed before.
 * @throws the SDK's error (PERMISSION_DENIED after the last attempt, or for a non-admin).
 */
export async function setConfirmedTutor(
  db: Database,
  studentId: string,
  subjectId: string,
  tutorId: string | null,
  attempts = 3,
): Promise<{ previous: string | null }> {
  const at = ref(db, `students/${studentId}/tutorMapping/${subjectId}/confirmed`);
  for (let attempt = 1; ; attempt++) {
    const previous = ((await get(at)).val() as string | null) ?? null;
    try {
      await update(ref(db), confirmUpdates(studentId, subjectId, previous, tutorId, Date.now()));
      return { previous };
    } catch (error) {
      if (attempt >= attempts || !isPermissionDenied(error)) throw error;
    }
  }
}

/** Adds (or removes) a tutor to the suggestions for the student's subject. */
export async function setSuggested(
  db: Database,
  studentId: string,
  subjectId: string,
  tutorId: string,
  suggested: boolean,
): Promise<void> {
  const base = `students/${studentId}/tutorMapping/${subjectId}`;
  await update(ref(db), {
    [`${base}/suggested/${tutorId}`]: suggested ? true : null,
    [`${base}/updatedAt`]: Date.now(),
  });
}
