/**
 * Redux thunks of the matching tab: they write through matchingApi and then refresh the student
 * and the affected tutors from the database, so both lists in the store show the same match.
 * Errors reject with an AppError (the app toasts them); a confirmation toasts
 * 'Tutor is matched successfully' (spec section 8).
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkExtra, ToastMeta } from '@/shared/entitySlice';
import { toAppError, type AppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import { students } from '@/features/people/students/studentsSlice';
import { tutors } from '@/features/people/tutors/tutorsSlice';
import { setConfirmedTutor, setSuggested } from './matchingApi';

type Config = { rejectValue: AppError; fulfilledMeta: ToastMeta; extra: ThunkExtra };

/** Confirms `tutorId` (or, with null, removes the confirmed tutor) for a student's subject. */
export const confirmTutor = createAsyncThunk<
  void,
  { studentId: string; subjectId: string; tutorId: string | null },
  Config
>(
  'matching/confirmTutor',
  async ({ studentId, subjectId, tutorId }, { dispatch, rejectWithValue, fulfillWithValue }) => {
    try {
      const { previous } = await setConfirmedTutor(await database(), studentId, subjectId, tutorId);
      await Promise.all([
        dispatch(students.fetchOne(studentId)),
        ...[previous, tutorId]
          .filter((t): t is string => !!t)
          .map((t) => dispatch(tutors.fetchOne(t))),
      ]);
      return fulfillWithValue(undefined, {
        toast: tutorId ? 'Matching.matched' : 'Matching.unmatched',
      });
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);

/** Toggles a tutor in the suggestions of a student's subject. */
export const toggleSuggested = createAsyncThunk<
  void,
  { studentId: string; subjectId: string; tutorId: string; suggested: boolean },
  { rejectValue: AppError; extra: ThunkExtra }
>(
  'matching/toggleSuggested',
  async ({ studentId, subjectId, tutorId, suggested }, { dispatch, rejectWithValue }) => {
    try {
      await setSuggested(await database(), studentId, subjectId, tutorId, suggested);
      await dispatch(students.fetchOne(studentId));
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);
