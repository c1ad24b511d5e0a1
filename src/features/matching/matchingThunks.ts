/**
 * Redux thunks of the matching tab: they write through matchingApi and resolve with the tutors
 * whose records changed, so the app can refresh the records it holds (the tab's `onChanged`;
 * features do not import each other's slices). The server keeps the tutors' index entries in step.
 * Errors reject with an AppError (the app toasts
 * them); a confirmation toasts 'Tutor is matched successfully' (spec section 8).
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkExtra, ToastMeta } from '@/shared/entitySlice';
import { toAppError, type AppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import { setConfirmedTutor, setSuggested } from './matchingApi';

type Config = { rejectValue: AppError; fulfilledMeta: ToastMeta; extra: ThunkExtra };

/** What a matching write changed: the student and these tutors' records. */
export interface MatchChange {
  studentId: string;
  tutorIds: string[];
}

/** Confirms `tutorId` (or, with null, removes the confirmed tutor) for a student's subject. */
export const confirmTutor = createAsyncThunk<
  MatchChange,
  { studentId: string; subjectId: string; tutorId: string | null },
  Config
>(
  'matching/confirmTutor',
  async ({ studentId, subjectId, tutorId }, { rejectWithValue, fulfillWithValue }) => {
    try {
      const db = await database();
      const { previous } = await setConfirmedTutor(db, studentId, subjectId, tutorId);
      const tutorIds = [...new Set([previous, tutorId])].filter((t): t is string => !!t);
      return fulfillWithValue(
        { studentId, tutorIds },
        { toast: tutorId ? 'Matching.matched' : 'Matching.unmatched' },
      );
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);

/** Toggles a tutor in the suggestions of a student's subject. */
export const toggleSuggested = createAsyncThunk<
  MatchChange,
  { studentId: string; subjectId: string; tutorId: string; suggested: boolean },
  { rejectValue: AppError; extra: ThunkExtra }
>(
  'matching/toggleSuggested',
  async ({ studentId, subjectId, tutorId, suggested }, { rejectWithValue }) => {
    try {
      await setSuggested(await database(), studentId, subjectId, tutorId, suggested);
      return { studentId, tutorIds: [] };
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);
