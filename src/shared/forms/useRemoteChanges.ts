/**
 * A record open in an edit form, followed while the form is open: when another admin changes or
 * deletes it meanwhile, the form says so (RemoteChangesNotice, shown by `Form`) instead of silently
 * overwriting, offers to reload the stored values, and a save writes only the fields this admin
 * changed (`merge`), so the other admin's changes to other fields survive.
 *
 * A page that edits a record calls `useRemoteChanges(path, id, loaded)` (useEntityForm does it
 * for its pages), edits `record` (the loaded record, or the stored one after Reload), passes its
 * changes through `merge` before `modify`, and puts the result in `RemoteChangesContext` around
 * its forms; `Form` and `useFormState` read it from there.
 */
import type { Database } from 'firebase/database';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { database } from '../firebase';
import { watchValue } from '../watchValue';
import { differingFields, mergeChanges, sameStored, type Stored } from './mergeChanges';
import type { RemoteChanges } from './remoteChangesContext';

// The context and its types live apart so that every form (the sign-in ones too) reads the context
// without this module's code, which /login's bundle does not need.
export {
  RemoteChangesContext,
  useRemoteChangesContext,
  type RemoteChanges,
  type RemoteStatus,
} from './remoteChangesContext';

/**
 * Follows `{path}/{id}` (shared/watchValue): `onChange` gets the stored value at once and after
 * every change, null once it is deleted (or never existed).
 * @param connect the database; default the app's (shared/firebase)
 * @returns stops following; safe to call before the listener is attached (it then never is)
 */
export function watchRecord(
  path: string,
  id: string,
  onChange: (value: Record<string, unknown> | null) => void,
  connect: () => Promise<Database> = database,
): () => void {
  return watchValue(
    `${path}/${id}`,
    (value) => onChange((value as Record<string, unknown> | null) ?? null),
    { connect },
  );
}

/**
 * @param path the record's collection, e.g. 'schools' (the slice's name, spec section 7)
 * @param id the record's key; undefined in create mode (nothing is followed)
 * @param loaded the record as the form loaded it; undefined or null while loading. A new value
 *   (e.g. the store's record after this admin's own save) becomes the compared-with record.
 */
export function useRemoteChanges<T extends object>(
  path: string,
  id: string | undefined,
  loaded: T | null | undefined,
): RemoteChanges<T> {
  // The stored value of `key`; another record's (the page's id changed) counts as not yet read.
  const key = `${path}/${id}`;
  const [stored, setStored] = useState<{ key: string; value: Stored | null } | null>(null);
  // undefined until the listener's first value; null once deleted.
  const remote = stored?.key === key ? stored.value : undefined;
  const [reloaded, setReloaded] = useState<{ record: T; over: T | null | undefined } | null>(null);
  const [version, setVersion] = useState(0);
  // What this form's own saves should leave stored (their echo is no remote change).
  const [ownWrites, setOwnWrites] = useState<Stored[]>([]);
  const watching = Boolean(id && loaded);

  useEffect(() => {
    if (!id || !watching) return;
    return watchRecord(path, id, (value) =>
      setStored({ key: `${path}/${id}`, value: value === null ? null : { ...value, id } }),
    );
  }, [path, id, watching]);

  // A reload holds until the page gives another loaded record.
  const record = reloaded && reloaded.over === loaded ? reloaded.record : (loaded ?? null);

  const base = record as Stored | null;
  const { status, changedFields } = useMemo((): Pick<
    RemoteChanges<T>,
    'status' | 'changedFields'
  > => {
    if (base && remote === null) return { status: 'deleted', changedFields: [] };
    if (!base || !remote || [base, ...ownWrites].some((r) => sameStored(r, remote)))
      return { status: 'same', changedFields: [] };
    return { status: 'changed', changedFields: differingFields(base, remote) };
  }, [base, remote, ownWrites]);

  const reload = useCallback(() => {
    if (!remote) return;
    setOwnWrites([]);
    setReloaded({ record: remote as T, over: loaded });
    setVersion((v) => v + 1);
  }, [remote, loaded]);

  const merge = useCallback(
    <C extends object>(changes: C): C => {
      if (!base) return changes;
      const current = remote ?? base;
      const merged = mergeChanges(base, changes as Stored, current);
      setOwnWrites((writes) => [...writes, { ...current, ...merged }]);
      return merged as C;
    },
    [base, remote],
  );

  return useMemo(
    () => ({ record, status, changedFields, version, reload, merge }),
    [record, status, changedFields, version, reload, merge],
  );
}
