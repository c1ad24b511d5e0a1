/**
 * What the Subjects tab reads (issue 16 item 3): the candidates of one subject from the index
 * `tutorsBySubject/{subjectId}` (shared/domain/derived/tutorIndex), followed live, instead of
 * every tutor; and the follow-up write that brings a matched tutor's entries (their `confirmed`
 * count) in step with the record after a confirmation changed it.
 */
import { get, onValue, ref, update, type Database } from 'firebase/database';
import {
  TUTOR_INDEX_PATH,
  tutorSubjectEntries,
  type TutorCandidate,
  type TutorSubjectEntry,
} from '@/shared/domain/derived/tutorIndex';

/**
 * Follows the candidates of `subjectId`: `onChange` gets every entry of the subject's index (one
 * read, then again after each change to it, e.g. by another admin).
 * @returns the function that detaches the listener.
 */
export function watchCandidates(
  db: Database,
  subjectId: string,
  onChange: (candidates: TutorCandidate[]) => void,
  onError: (error: Error) => void,
): () => void {
  return onValue(
    ref(db, `${TUTOR_INDEX_PATH}/${subjectId}`),
    (snap) => {
      const entries = (snap.val() ?? {}) as Record<string, TutorSubjectEntry>;
      onChange(Object.entries(entries).map(([id, entry]) => ({ ...entry, id })));
    },
    onError,
  );
}

/**
 * Rewrites the index entries of `tutorIds` from their records (every subject; a missing tutor is
 * skipped). A confirmation changes `tutors/{t}/confirmedStudents` in matchingApi's write, which
 * does not carry the entries' `confirmed` count; this write, made right after, does. Idempotent:
 * what it writes is what the records say when read.
 */
export async function syncTutorEntries(db: Database, tutorIds: readonly string[]): Promise<void> {
  const updates: Record<string, unknown> = {};
  await Promise.all(
    tutorIds.map(async (id) => {
      const record = (await get(ref(db, `tutors/${id}`))).val() as object | null;
      if (!record) return;
      for (const [subjectId, entry] of Object.entries(tutorSubjectEntries(record)))
        updates[`${TUTOR_INDEX_PATH}/${subjectId}/${id}`] = entry;
    }),
  );
  if (Object.keys(updates).length > 0) await update(ref(db), updates);
}
