/**
 * What the Subjects tab reads: the candidates of one subject from the index
 * `tutorsBySubject/{subjectId}` (shared/domain/derived/tutorIndex, kept by the server), followed
 * live, instead of every tutor. A confirmation changes the tutor's record; the server then
 * rewrites its entries (their `confirmed` count), and the tab sees them change.
 */
import { onValue, ref, type Database } from 'firebase/database';
import {
  TUTOR_INDEX_PATH,
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
