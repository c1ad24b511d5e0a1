/**
 * Follows one database location with an `onValue` listener (Firebase docs, "Listen for value
 * events"). The Database SDK is imported here, lazily, so that a module on /login's path can follow
 * a location without bringing the SDK into /login's bundle (its budget: 180 KB gzipped,
 * bench/app.ts).
 */
import type { Database, DataSnapshot, Query } from 'firebase/database';
import { database } from './firebase';

/** Options of {@link watchValue}. */
export interface WatchValueOptions {
  /** The database; default the app's (shared/firebase). */
  connect?: () => Promise<Database>;
  /** The listener was cancelled (e.g. permission denied); default: nothing happens. */
  onError?: (error: Error) => void;
}

/** The Database SDK's module, as `watchQuery` hands it to the query maker. */
export type DatabaseModule = typeof import('firebase/database');

/**
 * Calls `onSnapshot` with the snapshot of the query `make` builds (once the SDK is loaded), at
 * once and after every change. An error of loading the SDK or connecting, or the listener's
 * cancellation (e.g. permission denied), goes to `onError`.
 * @returns stops following; safe to call before the listener is attached (it then never is)
 */
export function watchQuery(
  make: (m: DatabaseModule, db: Database) => Query,
  onSnapshot: (snapshot: DataSnapshot) => void,
  { connect = database, onError }: WatchValueOptions = {},
): () => void {
  let stopped = false;
  let detach: (() => void) | undefined;
  void Promise.all([connect(), import('firebase/database')])
    .then(([db, m]) => {
      if (stopped) return;
      detach = m.onValue(make(m, db), onSnapshot, (error) => onError?.(error));
    })
    .catch((error: unknown) =>
      onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  return () => {
    stopped = true;
    detach?.();
  };
}

/**
 * Calls `onChange` with the value stored at `path` at once and after every change (null where
 * nothing is stored). `.info/connected` and the other `.info` paths work too: the SDK answers
 * them itself (Firebase docs, "Detecting Connection State").
 * @returns stops following; safe to call before the listener is attached (it then never is)
 */
export function watchValue(
  path: string,
  onChange: (value: unknown) => void,
  options: WatchValueOptions = {},
): () => void {
  return watchQuery(
    (m, db) => m.ref(db, path),
    (snapshot) => onChange(snapshot.val()),
    options,
  );
}
