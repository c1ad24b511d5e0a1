import { createOrderedListSlice } from '@/shared/orderedListSlice';
import type { School } from './types';

const list = createOrderedListSlice<School, 'schools'>({
  name: 'schools',
  messagePrefix: 'Schools',
});

/**
 * The schools list (spec sections 3, 4 and 7): records under `schools/{id}`, read
 * ordered by `order` and kept sorted by it (then by name) in the store.
 */
export const schools = list.entity;

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderSchools = schools.reorder;

/** The list's flags (loading, error, success, deleted). */
export const selectSchoolsState = list.selectState;

/** Every school, sorted by `order` then name (obsolete ones included). */
export const selectSchools = list.selectAll;

/** Schools forms may offer (not obsolete), sorted by `order`: e.g. the student/tutor profile. */
export const selectActiveSchools = list.selectActive;
