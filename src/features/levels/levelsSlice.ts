import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import { byOrderThenName } from '@/shared/reorder';
import type { AccessBy, Level } from './types';

/**
 * The levels list (spec sections 3, 4 and 7): browsing levels under `levels/{id}`, kept sorted
 * by `order` then name in the store.
 */
export const levels = createEntitySlice<Level, RecordCreate<Level>, RecordModify<Level>>({
  name: 'levels',
  messages: { created: 'Levels.created', updated: 'Levels.updated', deleted: 'Levels.deleted' },
  sortComparer: byOrderThenName,
});

type LevelsRoot = { levels: EntityListState<Level> };

/** The list's flags (loading, error, success, deleted). */
export const selectLevelsState = (state: LevelsRoot) => state.levels;

/**
 * Every browsing level, sorted by `order` then name: e.g. the browsingLevelId choice of a
 * student or tutor profile. Dispatch `levels.fetchAll()` to load them.
 */
export const selectLevels = (state: LevelsRoot) => levels.selectors.selectAll(state.levels);

/** Browsing levels for one audience (accessBy), sorted by `order`. */
export const selectLevelsFor = createSelector(
  [selectLevels, (_state: LevelsRoot, accessBy: AccessBy) => accessBy],
  (all, accessBy) => all.filter((l) => l.accessBy === accessBy),
);
