import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import { byOrderThenName, createReorderThunk } from '@/shared/reorder';
import type { FieldLevel } from './types';

/** Writes new `order` values of field levels in one multi-path update (shared/reorder). */
export const reorderFieldLevels = createReorderThunk('fieldLevels', 'fieldLevels');

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
  sortComparer: byOrderThenName,
  extraReducers: (builder, adapter) => {
    builder.addCase(reorderFieldLevels.fulfilled, (state, { payload }) => {
      adapter.updateMany(
        state,
        payload.map(({ id, order }) => ({ id, changes: { order } })),
      );
    });
  },
});

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
