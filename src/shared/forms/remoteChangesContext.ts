/**
 * The record open in an edit page's forms (useRemoteChanges), as a React context that `Form` and
 * `useFormState` read: null outside such a page (create mode, the sign-in forms).
 */
import { createContext, useContext } from 'react';

/** What the followed record did since the form loaded it. */
export type RemoteStatus = 'same' | 'changed' | 'deleted';

/** The state of a record open in a form (see shared/forms/useRemoteChanges). */
export interface RemoteChanges<T> {
  /** The record the form edits: the loaded one, or the stored one after `reload`. */
  record: T | null;
  /** 'changed' while the stored record differs from `record` (and from this form's own saves). */
  status: RemoteStatus;
  /** The top-level fields the other admin changed (record field names), sorted. */
  changedFields: string[];
  /** Counts reloads; `useFormState` resets the form's values to `initial` when it changes. */
  version: number;
  /** Makes the stored record the form's `record` (the form then shows its values). */
  reload: () => void;
  /**
   * The changes to write, from the changes a form would save (record fields): a top-level field
   * this admin left as loaded is dropped, so the stored value (maybe another admin's) stays; in
   * a field holding an object (a profile level, a subject's settings) the stored entries take the
   * place of those this admin left as loaded. The result is remembered as this form's own write,
   * so its echo is no remote change.
   */
  merge: <C extends object>(changes: C) => C;
}

/** The record open in the page's forms, for `Form` and `useFormState`; null outside such a page. */
export const RemoteChangesContext = createContext<RemoteChanges<object> | null>(null);

/** The page's RemoteChanges, or null where no record is followed (create mode, sign-in forms). */
export function useRemoteChangesContext(): RemoteChanges<object> | null {
  return useContext(RemoteChangesContext);
}
