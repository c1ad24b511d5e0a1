import { createOrderedListSlice } from '@/shared/orderedListSlice';
import type { FieldLevel } from './types';

const list = createOrderedListSlice<FieldLevel, 'fieldLevels'>({
  name: 'fieldLevels',
  messagePrefix: 'FieldLevels',
});

/**
 * The fieldLevels list (spec sections 3, 4 and 7): records under `fieldLevels/{id}`, read
 * ordered by `order` and kept sorted by it (then by name) in the store.
 */
export const fieldLevels = list.entity;

/** Writes new `order` values in one multi-path update (shared/reorder). */
export const reorderFieldLevels = fieldLevels.reorder;

/** The list's flags (loading, error, success, deleted). */
export const selectFieldLevelsState = list.selectState;

/** Every field level, sorted by `order` then name (obsolete ones included). */
export const selectFieldLevels = list.selectAll;

/**
 * Field levels forms may offer (not obsolete), sorted by `order`: e.g. the subject's level range
 * and the student/tutor profile level. Dispatch `fieldLevels.fetchAll()` to load them.
 */
export const selectActiveFieldLevels = list.selectActive;
