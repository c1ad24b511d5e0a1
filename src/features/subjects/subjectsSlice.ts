import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Subject } from './types';

/** The subjects list (spec sections 3, 4 and 7): records under `subjects/{id}`. */
export const subjects = createEntitySlice({
  name: 'subjects',
  api: rtdbEntityApi<Subject>('subjects', 'order'),
  messages: {
    created: 'Subjects.created',
    updated: 'Subjects.updated',
    deleted: 'Subjects.deleted',
  },
});
