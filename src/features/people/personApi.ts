/**
 * Backend access of students and tutors (spec sections 4 and 7): the entity apis of their slices,
 * given to the slices' thunks by the resource registry. Deletion also removes the stored files and
 * the other side of any confirmed match; new people come from the slices' `createWithAccount`
 * (shared/accounts), photos and CVs are stored as the kind's OwnedFiles (shared/ownedFiles).
 */
import type { PersonBase } from '@/shared/domain/person';
import { listPath } from '@/shared/domain/derived/listRows';
import { database } from '@/shared/firebase';
import { deleteOwnedFiles, type OwnedFile } from '@/shared/ownedFiles';
import {
  rtdbEntityApi,
  withOwnedFiles,
  type EntityApi,
  type RecordCreate,
  type RecordModify,
} from '@/shared/rtdb';
import { STUDENT_FILES, TUTOR_FILES } from './files';
import type { Student } from './students/types';
import type { Tutor } from './tutors/types';

export type PersonPath = 'students' | 'tutors';

/** The lists' first page, read before the whole list: the 50 newest (their default sort). */
const FIRST_PAGE = { orderBy: 'createdAt', size: 50 };

/**
 * The multi-path updates that undo the other side of a deleted person's confirmed matches
 * (spec section 4): `{ 'tutors/t1/confirmedStudents/s1': null, ... }`.
 */
type MatchCleanUp<P> = (id: string, record: P, now: number) => Record<string, unknown>;

/** A deleted student leaves no tutor pointing at it. */
const studentMatchCleanUp: MatchCleanUp<Student> = (id, record) => {
  const updates: Record<string, unknown> = {};
  for (const mapping of Object.values(record.tutorMapping ?? {})) {
    if (mapping?.confirmed) updates[`tutors/${mapping.confirmed}/confirmedStudents/${id}`] = null;
  }
  return updates;
};

/** A deleted tutor is no longer any student's confirmed tutor. */
const tutorMatchCleanUp: MatchCleanUp<Tutor> = (_id, record, now) => {
  const updates: Record<string, unknown> = {};
  for (const [studentId, subjects] of Object.entries(record.confirmedStudents ?? {})) {
    for (const subjectId of Object.keys(subjects ?? {})) {
      const at = `students/${studentId}/tutorMapping/${subjectId}`;
      updates[`${at}/confirmed`] = null;
      updates[`${at}/updatedAt`] = now;
    }
  }
  return updates;
};

/**
 * The entity api of one kind: rtdbEntityApi with owned files, and a `remove` that deletes the
 * record together with the other side of its confirmed matches in one multi-path update, and its
 * stored files in parallel (spec section 4).
 */
function personEntityApi<P extends PersonBase>(
  path: PersonPath,
  files: readonly OwnedFile[],
  matchCleanUp: MatchCleanUp<P>,
): EntityApi<P, RecordCreate<P>, RecordModify<P>> {
  const base = withOwnedFiles(
    rtdbEntityApi<P>(path, {
      listPath: listPath(path),
      firstPage: FIRST_PAGE,
    }),
    files,
  );
  return {
    ...base,
    async remove(id) {
      const db = await database();
      const { ref, get, update } = await import('firebase/database');
      const record = (await get(ref(db, `${path}/${id}`))).val() as P | null;
      const updates = {
        ...(record ? matchCleanUp(id, record, Date.now()) : {}),
        [`${path}/${id}`]: null,
      };
      await Promise.all([
        update(ref(db), updates),
        deleteOwnedFiles(files, id, record as Record<string, unknown> | null),
      ]);
    },
  };
}

/** The students slice's api. */
export const studentsApi = personEntityApi<Student>('students', STUDENT_FILES, studentMatchCleanUp);

/** The tutors slice's api. */
export const tutorsApi = personEntityApi<Tutor>('tutors', TUTOR_FILES, tutorMatchCleanUp);
