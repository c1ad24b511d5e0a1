import { createEntitySlice, newestFirst } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { STUDENT_FILES } from '../files';
import type { Student } from './types';

/**
 * The students list (spec sections 3, 4 and 7): records under `students/{id}`, newest first.
 * New students come from `createWithAccount` (account, record, photo, invitation); deleting also
 * removes the photo and the tutors' side of the student's matches (people/personApi).
 */
export const students = createEntitySlice<Student, RecordCreate<Student>, RecordModify<Student>>({
  name: 'students',
  files: STUDENT_FILES,
  messages: {
    created: 'Students.created',
    updated: 'Students.updated',
    deleted: 'Students.deleted',
  },
  sortComparer: newestFirst,
});
