import { createAction } from '@reduxjs/toolkit';
import { createEntitySlice } from '@/shared/entitySlice';
import type { Student } from './types';

/**
 * A student record written by the account-creation flow (people/personApi createPerson), which
 * runs outside the slice's `create` thunk because its steps can fail separately.
 */
export const studentStored = createAction<Student>('students/stored');

/**
 * The students list (spec sections 3, 4 and 7): records under `students/{id}`. Deleting also
 * removes the photo and the tutors' side of the student's matches (people/personApi).
 */
export const students = createEntitySlice({
  name: 'students',
  // Loaded on first use: it brings uploads and account creation (not needed on /login).
  api: () =>
    import('@/features/people/personApi').then((m) => m.personEntityApi<Student>('students')),
  messages: {
    created: 'Students.created',
    updated: 'Students.updated',
    deleted: 'Students.deleted',
  },
  sortComparer: (a, b) => b.createdAt - a.createdAt,
  extraReducers: (builder, adapter) => {
    builder.addCase(studentStored, (state, { payload }) => {
      adapter.setOne(state, payload);
    });
  },
});
