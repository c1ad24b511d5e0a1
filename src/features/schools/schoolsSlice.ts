import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import type { School } from './types';

/**
 * The schools list (spec sections 3, 4 and 7): records under `schools/{id}`, read
 * ordered by `order` and kept sorted by it (then by name) in the store.
 */
export const schools = createEntitySlice<School, RecordCreate<School>, RecordModify<School>>({
  name: 'schools',
  messages: {
    created: 'Schools.created',
    updated: 'Schools.updated',
    deleted: 'Schools.deleted',
  },
  reorderable: true,
});

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderSchools = schools.reorder;

type SchoolsRoot = { schools: EntityListState<School> };

/** The list's flags (loading, error, success, deleted). */
export const selectSchoolsState = (state: SchoolsRoot) => state.schools;

/** Every school, sorted by `order` then name (obsolete ones included). */
export const selectSchools = (state: SchoolsRoot) => schools.selectors.selectAll(state.schools);

/** Schools forms may offer (not obsolete), sorted by `order`: e.g. the student/tutor profile. */
export const selectActiveSchools = createSelector([selectSchools], (all) =>
  all.filter((s) => !s.isObsolete),
);
