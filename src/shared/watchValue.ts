/**
 * Follows one database location with an `onValue` listener (Firebase docs, "Listen for value
 * events"). The Database SDK is imported here, lazily, so that a module on /login's path can follow
 * a location without bringing the SDK into /login's bundle (its budget: 180 KB gzipped,
 * bench/app.ts).
 */
import type { Database } from 'firebase/database';
import { database } from './firebase';

/** Options of {@link watchValue}. */
export interface WatchValueOptions {
  /** The database; default the app's (shared/firebase). */
  connect?: () => Promise<Database>;
  /** The listener was cancelled (e.g. permission denied); default: nothing happens. */
  onError?: (error: Error) => void;
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
  { connect = database, onError }: WatchValueOptions = {},
): () => void {
  let stopped = false;
  let detach: (() => void) | undefined;
  void Promise.all([connect(), import('firebase/database')]).then(([db, m]) => {
    if (stopped) return;
    detach = m.onValue(
      m.ref(db, path),
      (snapshot) => onChange(snapshot.val()),
      (error) => onError?.(error),
    );
  });
  return () => {
    stopped = true;
    detach?.();
  };
}
