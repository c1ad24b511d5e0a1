/**
 * Reordering of lists sorted by an `order` field (spec section 3: field levels, subjects and
 * schools are sorted by `order`; the lists let admins reorder them).
 *
 * Moving a row swaps its place with a neighbour. When the two `order` values differ they are
 * simply exchanged; when they tie (new records all default to 0, spec section 9) the whole list
 * is renumbered 0..n-1 in its new sequence, so the move is visible. Either way the changes are
 * written with ONE multi-path update, so readers never see a half-applied swap.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { useCallback, useMemo, useState } from 'react';
import { toAppError, type AppError } from './errors';
import { database } from './firebase';

/** A record with a sort position (0 or more). */
export interface Ordered {
  id: string;
  order: number;
}

/** New `order` per changed record id. */
export type OrderChanges = Record<string, number>;

/**
 * The `order` values to write so that `aId` and `bId` exchange places in `sorted` (the full list
 * in display order). Only records whose value changes are returned.
 * @throws Error when either id is not in `sorted`.
 */
export function swapOrderChanges(
  sorted: readonly Ordered[],
  aId: string,
  bId: string,
): OrderChanges {
  const ia = sorted.findIndex((r) => r.id === aId);
  const ib = sorted.findIndex((r) => r.id === bId);
  if (ia < 0 || ib < 0) throw new Error(`Unknown record ${ia < 0 ? aId : bId}`);
  const a = sorted[ia] as Ordered;
  const b = sorted[ib] as Ordered;
  if (a.order !== b.order) return { [a.id]: b.order, [b.id]: a.order };
  const sequence = [...sorted];
  sequence[ia] = b;
  sequence[ib] = a;
  const changes: OrderChanges = {};
  sequence.forEach((record, index) => {
    if (record.order !== index) changes[record.id] = index;
  });
  return changes;
}

/**
 * A thunk `<name>/reorder` that writes `changes` under `path` with one multi-path update
 * (`{ '<path>/<id>/order': value, ... }`; the server records each moved record in the audit
 * log) and resolves with the changed records as `{ id, order }`.
 * Rejects with an AppError (e.g. 'database/permission-denied'), which the app shows as a toast.
 */
export function createReorderThunk(name: string, path: string) {
  return createAsyncThunk<Ordered[], OrderChanges, { rejectValue: AppError }>(
    `${name}/reorder`,
    async (changes, { rejectWithValue }) => {
      try {
        const db = await database();
        const m = await import('firebase/database');
        const update: Record<string, unknown> = {};
        for (const [id, order] of Object.entries(changes)) update[`${path}/${id}/order`] = order;
        await m.update(m.ref(db), update);
        return Object.entries(changes).map(([id, order]) => ({ id, order }));
      } catch (e) {
        return rejectWithValue(toAppError(e));
      }
    },
  );
}

/** Sorts by `order`, then by name, so ties keep a stable, readable sequence. */
export function byOrderThenName(
  a: { order?: number; name?: string },
  b: { order?: number; name?: string },
): number {
  return (a.order ?? 0) - (b.order ?? 0) || (a.name ?? '').localeCompare(b.name ?? '');
}

/**
 * Up/down moves over `visible` (the rows shown, in display order) of a list whose full sorted
 * content is `all` (hidden obsolete rows keep their place). `write` dispatches the list's
 * reorder thunk; `busy` is true while it runs.
 */
export function useReorder(
  all: readonly Ordered[],
  visible: readonly Ordered[],
  write: (changes: OrderChanges) => Promise<unknown>,
) {
  const [busy, setBusy] = useState(false);
  const position = useMemo(() => new Map(visible.map((r, i) => [r.id, i])), [visible]);
  const move = useCallback(
    async (id: string, step: -1 | 1) => {
      const index = position.get(id);
      const neighbour = index === undefined ? undefined : visible[index + step];
      if (!neighbour) return;
      setBusy(true);
      try {
        await write(swapOrderChanges(all, id, neighbour.id));
      } finally {
        setBusy(false);
      }
    },
    [all, visible, position, write],
  );
  const canMove = useCallback(
    (id: string, step: -1 | 1) => {
      const index = position.get(id);
      return index !== undefined && visible[index + step] !== undefined;
    },
    [position, visible],
  );
  return { move, canMove, busy };
}
