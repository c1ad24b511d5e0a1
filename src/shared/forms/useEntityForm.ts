/**
 * Loading and saving of one record by a create/edit form (spec section 4): forms start in create
 * mode and switch to edit mode when an id is in the route; a failed load of the record redirects to
 * its list; a save shows loading, then success or error (toasts come from the thunks), and
 * redirects to the list, as it was left (listReturnPath), after success. A failed save keeps the
 * form's input: the form holds its own values and this hook only navigates on success. A record
 * with further tabs (a subject) continues on its edit page after creation, with `{ created: true }`
 * as the location state so the page opens the next tab. In edit mode the record is followed while
 * the form is open (useRemoteChanges): `remote` goes into RemoteChangesContext around the forms,
 * and `modify` writes only the fields the admin changed.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { listReturnPath } from '../table/listState';
import { CREATED_STATE } from './useCreatedState';
import { useRemoteChanges, type RemoteChanges } from './useRemoteChanges';

/** A dispatched async thunk (createAsyncThunk), reduced to what this hook touches. */
/* The thunk's own dispatch/getState/extra types do not matter here. */
/* eslint-disable @typescript-eslint/no-explicit-any */
type ThunkAction<R> = (
  dispatch: any,
  getState: any,
  extra: any,
) => Promise<unknown> & {
  unwrap(): Promise<R>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The thunks of an entity slice (shared/entitySlice) a form needs. */
export interface FormThunks<T, C, M> {
  /** The slice; its name is the records' database path (e.g. 'schools', spec section 7). */
  slice: { name: string };
  fetchOne: (id: string) => ThunkAction<T>;
  create: (input: C) => ThunkAction<T>;
  modify: (input: M) => ThunkAction<T>;
}

export interface EntityForm<T, C, M> {
  /**
   * The record in edit mode (as loaded, or as stored after Reload), null in create mode or while
   * loading.
   */
  record: T | null;
  /** True while the record of the route is being loaded. */
  loadingRecord: boolean;
  /** True while a save runs (the submit button shows it). */
  submitting: boolean;
  /**
   * Creates the record; on success goes to `editPathOf(record)` when given, else to the list.
   * Resolves true on success, false on failure.
   */
  create: (input: C) => Promise<boolean>;
  /** Saves changes; redirects to the list on success. Resolves false on failure. */
  modify: (input: M) => Promise<boolean>;
  /** The followed record, for RemoteChangesContext around the page's forms. */
  remote: RemoteChanges<T & object>;
}

/**
 * @param entity the slice made by createEntitySlice (its thunks)
 * @param id the route's record id; undefined in create mode
 * @param listPath where to go after success or a failed load, e.g. '/field-levels'
 * @param editPathOf where a new record continues, e.g. `(s) => \`/subjects/${s.id}\``; omitted for
 *   records without further tabs
 */
export function useEntityForm<T extends object, C, M extends { changes: object }>(
  entity: FormThunks<T, C, M>,
  id: string | undefined,
  listPath: string,
  editPathOf?: (record: T) => string,
): EntityForm<T, C, M> {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const [record, setRecord] = useState<T | null>(null);
  const [loadingRecord, setLoadingRecord] = useState(Boolean(id));
  const [submitting, setSubmitting] = useState(false);
  const remote = useRemoteChanges(entity.slice.name, id, record);

  useEffect(() => {
    if (!id) return;
    let active = true;
    dispatch(entity.fetchOne(id))
      .unwrap()
      .then(
        (loaded) => {
          if (!active) return;
          setRecord(loaded);
          setLoadingRecord(false);
        },
        () => {
          // The rejected thunk already showed the error toast (app/notifications).
          if (active) void navigate(listReturnPath(listPath), { replace: true });
        },
      );
    return () => {
      active = false;
    };
  }, [dispatch, entity, id, listPath, navigate]);

  const run = useCallback(
    async (action: ThunkAction<T>, continueTo?: (record: T) => string) => {
      setSubmitting(true);
      try {
        const saved = await dispatch(action).unwrap();
        if (continueTo) {
          // Replace: Back from the edit page leads to the list, not to an empty new form.
          void navigate(continueTo(saved), { replace: true, state: CREATED_STATE });
        } else {
          void navigate(listReturnPath(listPath));
        }
        return true;
      } catch {
        // Toast shown by the app; the form keeps its input for another try.
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [dispatch, listPath, navigate],
  );

  const create = useCallback(
    (input: C) => run(entity.create(input), editPathOf),
    [entity, run, editPathOf],
  );
  const { merge } = remote;
  const modify = useCallback(
    (input: M) => run(entity.modify({ ...input, changes: merge(input.changes) })),
    [entity, run, merge],
  );

  return { record: remote.record, loadingRecord, submitting, create, modify, remote };
}
