import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import type { Subject, SubjectSettings } from './types';

/**
 * The subjects list (spec sections 3, 4 and 7): records under `subjects/{id}`, read ordered by
 * `order` and kept sorted by it (then by name) in the store. The Settings tab saves through
 * `modify` with `{ settings }`, so its toast is 'Subject updated successfully'.
 */
export const subjects = createEntitySlice<Subject, RecordCreate<Subject>, RecordModify<Subject>>({
  name: 'subjects',
  messages: {
    created: 'Subjects.created',
    updated: 'Subjects.updated',
    deleted: 'Subjects.deleted',
  },
  reorderable: true,
});

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderSubjects = subjects.reorder;

type SubjectsRoot = { subjects: EntityListState<Subject> };

/** The list's flags (loading, error, success, deleted). */
export const selectSubjectsState = (state: SubjectsRoot) => state.subjects;

/** Every subject, sorted by `order` then name (obsolete ones included). */
export const selectSubjects = (state: SubjectsRoot) => subjects.selectors.selectAll(state.subjects);

/** Subjects forms may offer (not obsolete), sorted by `order`. */
export const selectActiveSubjects = createSelector([selectSubjects], (all) =>
  all.filter((s) => !s.isObsolete),
);

/** A subject whose Settings tab has been saved: it can be priced and sold (orders, matching). */
export type PricedSubject = Subject & { settings: SubjectSettings };

/**
 * Subjects that are not obsolete and have settings (prices), sorted by `order`: what students
 * can be matched to and orders can be placed for. Dispatch `subjects.fetchAll()` to load them.
 */
export const selectSubjectsWithSettings = createSelector([selectActiveSubjects], (active) =>
  active.filter((s): s is PricedSubject => s.settings !== undefined && s.settings !== null),
);
