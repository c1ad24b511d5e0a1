/**
 * The slice of a reorderable reference list (spec sections 3, 4 and 7: field levels, schools,
 * subjects): records under `{name}/{id}`, read ordered by `order` and kept sorted by it (then by
 * name) in the store, with success toasts `${messagePrefix}.created|updated|deleted` (spec
 * section 8) and the selectors every such list needs.
 */
import { createSelector } from '@reduxjs/toolkit';
import { createEntitySlice, type EntityListState } from './entitySlice';
import type { RecordCreate, RecordModify } from './rtdb';

/** A record of a reorderable reference list. */
export interface OrderedRecord {
  id: string;
  name: string;
  order: number;
  isObsolete: boolean;
}

/**
 * Makes the list's entity slice (shared/entitySlice, `reorderable`) and its selectors.
 * @param name the slice's name, its key in the store and its database path, e.g. 'schools'
 * @param messagePrefix catalogue prefix of the toasts, e.g. 'Schools'
 * @returns `entity`: the slice and its thunks (`reorder` among them); `selectState`: the list's
 *   flags (loading, error, success, deleted); `selectAll`: every record, sorted by `order` then
 *   name (obsolete ones included); `selectActive`: those forms may offer (not obsolete), in that
 *   order.
 */
export function createOrderedListSlice<T extends OrderedRecord, N extends string>({
  name,
  messagePrefix,
}: {
  name: N;
  messagePrefix: string;
}) {
  const entity = createEntitySlice<T, RecordCreate<T>, RecordModify<T>>({
    name,
    messages: {
      created: `${messagePrefix}.created`,
      updated: `${messagePrefix}.updated`,
      deleted: `${messagePrefix}.deleted`,
    },
    reorderable: true,
  });
  type Root = { [K in N]: EntityListState<T> };
  const selectState = (state: Root) => state[name];
  const selectAll = (state: Root) => entity.selectors.selectAll(state[name]);
  const selectActive = createSelector([selectAll], (all) => all.filter((r) => !r.isObsolete));
  return { entity, selectState, selectAll, selectActive };
}
