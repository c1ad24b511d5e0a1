/**
 * The "expiring soon" window of orders: orders whose expiry date falls in (now, now + days] and
 * that can expire with lessons left (`stats/expiryQueue`, shared/domain/derived/stats.ts). The
 * dashboard's tile and card and the header's bell count the same window, so that they share one
 * query (shared/sharedListener).
 *
 * The count reads no more than it needs: the agency-time days wholly inside the window are
 * counted by `stats/expiryDays` (one keyed range of about a dozen numbers), and only the two
 * partial days at its ends are read entry by entry from `stats/expiryQueue` (at 50,000 orders a
 * window held about 4,800 entries; a day holds about a fourteenth of them).
 */
import type { Database, DataSnapshot, Query, QueryConstraint } from 'firebase/database';
import { addDays } from 'date-fns';
import {
  DAY_MS,
  EXPIRY_DAYS_PATH,
  EXPIRY_QUEUE_PATH,
  dayKey,
  dayStart,
  hasDayKey,
} from './domain/derived/stats';
import type { DatabaseModule } from './watchValue';

/** Orders expiring within this many days are expiring soon. */
export const EXPIRY_HORIZON_DAYS = 14;

/** The end (inclusive, epoch ms) of the expiry window that starts (exclusive) at `now`. */
export const expiryHorizon = (now: number, days = EXPIRY_HORIZON_DAYS) =>
  addDays(now, days).getTime();

/**
 * The entries of `stats/expiryQueue` (values are expiredDate) in (from, expiryHorizon(from, days)]:
 * `orderByValue().startAfter().endAt()`, about 35 bytes an entry. For lists of the orders; a
 * count reads `expiryCountParts` instead.
 */
export function expiryWindowQuery(
  m: DatabaseModule,
  db: Database,
  from: number,
  days = EXPIRY_HORIZON_DAYS,
): Query {
  return m.query(
    m.ref(db, EXPIRY_QUEUE_PATH),
    m.orderByValue(),
    m.startAfter(from),
    m.endAt(expiryHorizon(from, days)),
  );
}

/**
 * How the count of the window (from, until] is read (epoch ms):
 * - `days`: the keys 'yyyy-MM-dd' (inclusive) of the agency-time days wholly inside the window,
 *   whose `stats/expiryDays` counts are summed; null when no day is (a window under two days);
 * - `head`: the queue's values in (from, headEnd), the part of the window before those days;
 * - `tail`: the values in [tailStart, until], the part after them (null when `days` is null:
 *   `head` is then the whole window, (from, until]).
 */
export interface ExpiryCountPlan {
  days: { first: string; last: string } | null;
  head: { after: number; before: number } | { after: number; until: number };
  tail: { from: number; until: number } | null;
}

/**
 * The plan of the count of (from, until]. A day [s, s + DAY_MS) is wholly inside when s > from
 * and s + DAY_MS <= until (values are < s + DAY_MS); the first is the day after `from`'s (from's
 * own day holds `from`, which the window leaves out), the last ends at `until`'s day's start.
 */
export function expiryCountPlan(from: number, until: number): ExpiryCountPlan {
  const first = dayStart(from) + DAY_MS;
  const end = dayStart(until);
  if (end - first < DAY_MS || !hasDayKey(first) || !hasDayKey(end - 1))
    return { days: null, head: { after: from, until }, tail: null };
  return {
    days: { first: dayKey(first), last: dayKey(end - 1) },
    head: { after: from, before: first },
    tail: { from: end, until },
  };
}

/** One query of the window's count and what it adds to the count from its snapshot. */
export interface ExpiryCountPart {
  make: (m: DatabaseModule, db: Database) => Query;
  read: (snap: DataSnapshot) => number;
}

/**
 * The queries of the count of the window (from, expiryHorizon(from, days)] (`expiryCountPlan`):
 * the queue's entries of the partial days at its ends (`orderByValue()` ranges: each adds its
 * number of entries) and the `stats/expiryDays` counts of the whole days between them
 * (`orderByKey().startAt().endAt()`: adds their sum). The window's count is the sum of the parts.
 */
export function expiryCountParts(from: number, days = EXPIRY_HORIZON_DAYS): ExpiryCountPart[] {
  const plan = expiryCountPlan(from, expiryHorizon(from, days));
  const { head, tail, days: whole } = plan;
  /** The queue's entries whose values the two constraints bound: adds how many they are. */
  const entries = (
    start: (m: DatabaseModule) => QueryConstraint,
    end: (m: DatabaseModule) => QueryConstraint,
  ): ExpiryCountPart => ({
    make: (m, db) => m.query(m.ref(db, EXPIRY_QUEUE_PATH), m.orderByValue(), start(m), end(m)),
    read: (snap) => snap.size,
  });
  const parts: ExpiryCountPart[] = [
    entries(
      (m) => m.startAfter(head.after),
      (m) => ('before' in head ? m.endBefore(head.before) : m.endAt(head.until)),
    ),
  ];
  if (tail)
    parts.push(
      entries(
        (m) => m.startAt(tail.from),
        (m) => m.endAt(tail.until),
      ),
    );
  if (whole)
    parts.push({
      make: (m, db) =>
        m.query(
          m.ref(db, EXPIRY_DAYS_PATH),
          m.orderByKey(),
          m.startAt(whole.first),
          m.endAt(whole.last),
        ),
      read: (snap) => sumOfCounts(snap.val() as Record<string, unknown> | null),
    });
  return parts;
}

/** The sum of a node of counts (`{key: n}`, null: none; a value that is not a number adds 0). */
export function sumOfCounts(counts: Readonly<Record<string, unknown>> | null): number {
  let sum = 0;
  for (const n of Object.values(counts ?? {})) if (typeof n === 'number') sum += n;
  return sum;
}
