import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Student } from './types';

/** The students list (spec sections 3, 4 and 7): records under `students/{id}`. */
export const students = createEntitySlice({
  name: 'students',
  api: rtdbEntityApi<Student>('students'),
  messages: {
    created: 'Students.created',
    updated: 'Students.updated',
    deleted: 'Students.deleted',
  },
});
