import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import type { FieldLevel } from './types';

/**
 * The fieldLevels list (spec sections 3, 4 and 7): records under `fieldLevels/{id}`, read
 * ordered by `order` and kept sorted by it (then by name) in the store.
 */
export const fieldLevels = createEntitySlice<
  FieldLevel,
  RecordCreate<FieldLevel>,
  RecordModify<FieldLevel>
>({
  name: 'fieldLevels',
  messages: {
    created: 'FieldLevels.created',
    updated: 'FieldLevels.updated',
    deleted: 'FieldLevels.deleted',
  },
  reorderable: true,
});

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderFieldLevels = fieldLevels.reorder;

type FieldLevelsRoot = { fieldLevels: EntityListState<FieldLevel> };

/** The list's flags (loading, error, success, deleted). */
export const selectFieldLevelsState = (state: FieldLevelsRoot) => state.fieldLevels;

/** Every field level, sorted by `order` then name (obsolete ones included). */
export const selectFieldLevels = (state: FieldLevelsRoot) =>
  fieldLevels.selectors.selectAll(state.fieldLevels);

/**
 * Field levels forms may offer (not obsolete), sorted by `order`: e.g. the subject's level range
 * and the student/tutor profile level. Dispatch `fieldLevels.fetchAll()` to load them.
 */
export const selectActiveFieldLevels = createSelector([selectFieldLevels], (all) =>
  all.filter((l) => !l.isObsolete),
);
