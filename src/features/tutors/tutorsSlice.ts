import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Tutor } from './types';

/** The tutors list (spec sections 3, 4 and 7): records under `tutors/{id}`. */
export const tutors = createEntitySlice({
  name: 'tutors',
  api: rtdbEntityApi<Tutor>('tutors'),
  messages: { created: 'Tutors.created', updated: 'Tutors.updated', deleted: 'Tutors.deleted' },
});
