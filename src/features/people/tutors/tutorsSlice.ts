import { createEntitySlice, newestFirst } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { TUTOR_FILES } from '../files';
import type { Tutor } from './types';

/**
 * The tutors list (spec sections 3, 4 and 7): records under `tutors/{id}`, newest first. New
 * tutors come from `createWithAccount` (account, record, photo and CV, invitation); deleting also
 * removes the photo, the CV and the students' side of the tutor's matches (people/personApi).
 */
export const tutors = createEntitySlice<Tutor, RecordCreate<Tutor>, RecordModify<Tutor>>({
  name: 'tutors',
  files: TUTOR_FILES,
  messages: { created: 'Tutors.created', updated: 'Tutors.updated', deleted: 'Tutors.deleted' },
  sortComparer: newestFirst,
});
