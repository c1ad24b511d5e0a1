import { createAction } from '@reduxjs/toolkit';
import { createEntitySlice } from '@/shared/entitySlice';
import type { Tutor } from './types';

/** A tutor record written by the account-creation flow (people/personApi createPerson). */
export const tutorStored = createAction<Tutor>('tutors/stored');

/**
 * The tutors list (spec sections 3, 4 and 7): records under `tutors/{id}`. Deleting also removes
 * the photo, the CV and the students' side of the tutor's matches (people/personApi).
 */
export const tutors = createEntitySlice({
  name: 'tutors',
  // Loaded on first use: it brings uploads and account creation (not needed on /login).
  api: () => import('@/features/people/personApi').then((m) => m.personEntityApi<Tutor>('tutors')),
  messages: { created: 'Tutors.created', updated: 'Tutors.updated', deleted: 'Tutors.deleted' },
  sortComparer: (a, b) => b.createdAt - a.createdAt,
  extraReducers: (builder, adapter) => {
    builder.addCase(tutorStored, (state, { payload }) => {
      adapter.setOne(state, payload);
    });
  },
});
