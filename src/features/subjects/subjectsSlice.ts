import { createSelector } from '@reduxjs/toolkit';
import { createOrderedListSlice } from '@/shared/orderedListSlice';
import type { Subject, SubjectSettings } from './types';

const list = createOrderedListSlice<Subject, 'subjects'>({
  name: 'subjects',
  messagePrefix: 'Subjects',
});

/**
 * The subjects list (spec sections 3, 4 and 7): records under `subjects/{id}`, read ordered by
 * `order` and kept sorted by it (then by name) in the store. The Settings tab saves through
 * `modify` with `{ settings }`, so its toast is 'Subject updated successfully'.
 */
export const subjects = list.entity;

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderSubjects = subjects.reorder;

/** The list's flags (loading, error, success, deleted). */
export const selectSubjectsState = list.selectState;

/** Every subject, sorted by `order` then name (obsolete ones included). */
export const selectSubjects = list.selectAll;

/** Subjects forms may offer (not obsolete), sorted by `order`. */
export const selectActiveSubjects = list.selectActive;

/** A subject whose Settings tab has been saved: it can be priced and sold (orders, matching). */
export type PricedSubject = Subject & { settings: SubjectSettings };

/**
 * Subjects that are not obsolete and have settings (prices), sorted by `order`: what students
 * can be matched to and orders can be placed for. Dispatch `subjects.fetchAll()` to load them.
 */
export const selectSubjectsWithSettings = createSelector([selectActiveSubjects], (active) =>
  active.filter((s): s is PricedSubject => s.settings !== undefined && s.settings !== null),
);
