/**
 * The "expiring soon" window of orders: orders whose expiry date falls in (now, now + days] and
 * that can expire with lessons left (`stats/expiryQueue`, shared/domain/derived/stats.ts). The
 * dashboard's tile and card and the header's bell count the same window, so that they share one
 * query (shared/sharedListener).
 */
import type { Database, Query } from 'firebase/database';
import { addDays } from 'date-fns';
import { EXPIRY_QUEUE_PATH } from './domain/derived/stats';
import type { DatabaseModule } from './watchValue';

/** Orders expiring within this many days are expiring soon. */
export const EXPIRY_HORIZON_DAYS = 14;

/** The end (inclusive, epoch ms) of the expiry window that starts (exclusive) at `now`. */
export const expiryHorizon = (now: number, days = EXPIRY_HORIZON_DAYS) =>
  addDays(now, days).getTime();

/**
 * The entries of `stats/expiryQueue` (values are expiredDate) in (from, expiryHorizon(from, days)]:
 * `orderByValue().startAfter().endAt()`, about 35 bytes an entry.
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
