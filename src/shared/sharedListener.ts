/**
 * One Realtime Database listener per node or query, shared by every part of the page that follows
 * it (reference counted): the header's bell and the dashboard's cards both follow `stats/counts`
 * and the expiry queue's window, and at sign-in each followed its own copy (the expiry queue
 * requested four times, the counts twice, within 12 ms), so the server answered each of them.
 * The SDK shares a server listen only between queries of the same spec, and two `Date.now()`
 * boundaries a few ms apart make two specs: `sharedNow` gives them one.
 */
import type { Database, DataSnapshot, Query } from 'firebase/database';
import { COUNT_PATHS, EXPIRY_QUEUE_PATH, type StatsCounts } from './domain/derived/stats';
import { expiryCountParts, expiryHorizon } from './expiryWindow';
import { type DatabaseModule, watchQuery } from './watchValue';

/** Where a shared listener reports: every value (the last one at once on joining), or its error. */
export interface SharedListener<V> {
  onValue: (value: V) => void;
  onError: (error: Error) => void;
}

/** What starts the one listener of a key: it reports through `emit`/`fail`, returns its stop. */
export type Attach<V> = (emit: (value: V) => void, fail: (error: Error) => void) => () => void;

interface Entry {
  listeners: Set<SharedListener<unknown>>;
  stop: () => void;
  /** The last value, reported at once to a listener that joins later. */
  last?: { value: unknown };
  error?: Error;
}

const entries = new Map<string, Entry>();

/**
 * Follows the value named `key` through one listener however many follow it: the first follower
 * starts it with `attach`, a later one gets the last value (or error) at once and each change
 * after, the last one to leave stops it.
 * @returns stops this follower; idempotent
 */
export function followShared<V>(
  key: string,
  attach: Attach<V>,
  listener: SharedListener<V>,
): () => void {
  const own = listener as SharedListener<unknown>;
  let entry = entries.get(key);
  if (entry) {
    entry.listeners.add(own);
    const { last, error } = entry;
    if (error) own.onError(error);
    else if (last) own.onValue(last.value);
  } else {
    const created: Entry = { listeners: new Set([own]), stop: () => undefined };
    entry = created;
    entries.set(key, created);
    created.stop = attach(
      (value) => {
        created.last = { value };
        created.listeners.forEach((l) => l.onValue(value));
      },
      (error) => {
        created.error = error;
        created.listeners.forEach((l) => l.onError(error));
      },
    );
  }
  const joined = entry;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    joined.listeners.delete(own);
    if (joined.listeners.size === 0 && entries.get(key) === joined) {
      entries.delete(key);
      joined.stop();
    }
  };
}

/**
 * An `onValue` listener of a query made once the SDK is loaded, as an Attach of `read(snapshot)`
 * (the SDK module is imported lazily by watchQuery: nothing of it on /login).
 */
export function attachQuery<V>(
  make: (m: DatabaseModule, db: Database) => Query,
  read: (snap: DataSnapshot) => V,
): Attach<V> {
  return (emit, fail) => watchQuery(make, (snap) => emit(read(snap)), { onError: fail });
}

/** How long one `sharedNow` boundary is reused (ms): the followers that start within it share it. */
export const SHARED_NOW_MS = 60_000;

let nowHeld: number | undefined;

/**
 * The current time (epoch ms) as the followers of time-bounded queries share it: the value of the
 * first call, reused until it is SHARED_NOW_MS old, then taken afresh; so the bell and the
 * dashboard mounted together ask for the same window (one query) instead of two.
 */
export function sharedNow(): number {
  const now = Date.now();
  if (nowHeld === undefined || now - nowHeld >= SHARED_NOW_MS) nowHeld = now;
  return nowHeld;
}

/** `stats/counts`, the parent of every counter. */
const COUNTS_PATH = COUNT_PATHS.students.slice(0, COUNT_PATHS.students.lastIndexOf('/'));

/** Follows `stats/counts` (admin data, spec 6), one listener however many follow it. */
export function followStatsCounts(
  listener: SharedListener<Partial<StatsCounts> | null>,
): () => void {
  return followShared(
    COUNTS_PATH,
    attachQuery(
      (m, db) => m.ref(db, COUNTS_PATH),
      (snap) => snap.val() as Partial<StatsCounts> | null,
    ),
    listener,
  );
}

/**
 * Follows how many orders of `stats/expiryQueue` expire in (from, from + days] (expiryWindow.ts),
 * one set of listeners per window however many follow it: the whole days' `stats/expiryDays`
 * counts and the partial days' entries (`expiryCountParts`); the count is reported once every
 * part has answered, then after each change of any.
 */
export function followExpiringCount(
  from: number,
  days: number,
  listener: SharedListener<number>,
): () => void {
  return followShared(
    `${EXPIRY_QUEUE_PATH}:${from}:${expiryHorizon(from, days)}`,
    (emit, fail) => {
      const parts = expiryCountParts(from, days);
      const values: (number | undefined)[] = parts.map(() => undefined);
      const stops = parts.map((part, i) =>
        watchQuery(
          part.make,
          (snap) => {
            values[i] = part.read(snap);
            if (values.every((v) => v !== undefined))
              emit(values.reduce<number>((sum, v) => sum + (v ?? 0), 0));
          },
          { onError: fail },
        ),
      );
      return () => stops.forEach((stop) => stop());
    },
    listener,
  );
}
