/**
 * What the dashboard and the statistics page read (figures without reading whole collections), as
 * Realtime Database listeners so the figures follow other admins' writes:
 * - `stats/counts` (a few numbers) and `stats/months` from the chart's first month on (12 small
 *   nodes), the aggregate nodes of shared/domain/derived/stats.ts;
 * - the oldest `PENDING_LIST_SIZE` entries of `stats/pendingQueue` (`orderByValue`, values are
 *   createdAt; `.indexOn: ".value"`) and those orders, one read each;
 * - the expiring count of (now, now + 14 days] (shared/expiryWindow `expiryCountParts`: the
 *   `stats/expiryDays` counts of the whole days and the `stats/expiryQueue` entries of the two
 *   partial days, not every entry of the window); and the soonest `expiringLimit` entries of the
 *   window (`orderByValue().startAfter(now).endAt(horizon).limitToFirst()`) and those orders,
 *   one read each.
 */
import type { DataSnapshot, Query } from 'firebase/database';
import type { Order } from '@/shared/domain/order';
import type { MonthStats, StatsCounts } from '@/shared/domain/derived/stats';
import { MONTHS_PATH, PENDING_QUEUE_PATH } from '@/shared/domain/derived/stats';
import { expiryWindowQuery } from '@/shared/expiryWindow';
import { database } from '@/shared/firebase';
import { followExpiringCount, followStatsCounts } from '@/shared/sharedListener';

/** What the listeners deliver, each part as soon as it arrives (undefined: not yet). */
export interface StatisticsData {
  counts?: Partial<StatsCounts> | null;
  months?: Record<string, Partial<MonthStats>> | null;
  pending?: Order[];
  /** Orders of the expiry queue in the window: their number, and the soonest ones as read. */
  expiringCount?: number;
  expiring?: Order[];
}

/** Where the listeners report; `onError` gets the SDK's error (e.g. PERMISSION_DENIED). */
export interface StatisticsListener {
  onData: (part: StatisticsData) => void;
  onError: (error: Error) => void;
}

/** What to read: the chart's first month key and the expiry window (epoch ms). */
export interface StatisticsWindow {
  firstMonth: string;
  expiryFrom: number;
  /** The window's length in days: it ends at expiryFrom + expiryDays. */
  expiryDays: number;
  pendingLimit: number;
  expiringLimit: number;
}

/**
 * Attaches the listeners (admin data, spec 6: only for admins) and returns the function that
 * detaches them all; call it on unmount or sign-out.
 */
export function subscribeStatistics(
  window: StatisticsWindow,
  listener: StatisticsListener,
): () => void {
  let stopped = false;
  // The counts and the expiring count are shared with the header's bell (shared/sharedListener).
  const stops: Array<() => void> = [
    followStatsCounts({
      onValue: (counts) => listener.onData({ counts }),
      onError: listener.onError,
    }),
    followExpiringCount(window.expiryFrom, window.expiryDays, {
      onValue: (expiringCount) => listener.onData({ expiringCount }),
      onError: listener.onError,
    }),
  ];
  void (async () => {
    const db = await database();
    const m = await import('firebase/database');
    if (stopped) return;
    const listen = (target: Query, read: (snap: DataSnapshot) => void) =>
      stops.push(m.onValue(target, read, listener.onError));
    listen(m.query(m.ref(db, MONTHS_PATH), m.orderByKey(), m.startAt(window.firstMonth)), (snap) =>
      listener.onData({ months: snap.val() as Record<string, Partial<MonthStats>> | null }),
    );
    /**
     * Follows a queue query (`{orderId}: value` entries) and reads the orders it names, one
     * `get` each, reporting them (in the query's order, deleted ones left out) to `report`.
     */
    const listenOrders = (target: Query, report: (orders: Order[]) => void) => {
      let issued = 0;
      let reported = 0;
      listen(target, (snap) => {
        const ids: string[] = [];
        snap.forEach((child) => {
          ids.push(child.key);
        });
        const read = ++issued;
        Promise.all(ids.map((id) => m.get(m.ref(db, `orders/${id}`))))
          .then((snaps) => {
            // Reads may finish out of order: one older than the last reported is dropped. Not
            // only the newest is reported, or a queue that changes faster than a read takes
            // (other admins approving in a burst) would never show at all.
            if (read <= reported || stopped) return;
            reported = read;
            report(
              snaps
                .filter((s) => s.exists())
                .map((s) => ({ ...(s.val() as Omit<Order, 'id'>), id: s.key }) as Order),
            );
          })
          .catch(listener.onError);
      });
    };
    listenOrders(
      m.query(m.ref(db, PENDING_QUEUE_PATH), m.orderByValue(), m.limitToFirst(window.pendingLimit)),
      (pending) => listener.onData({ pending }),
    );
    const expiringWindow = expiryWindowQuery(m, db, window.expiryFrom, window.expiryDays);
    listenOrders(m.query(expiringWindow, m.limitToFirst(window.expiringLimit)), (expiring) =>
      listener.onData({ expiring }),
    );
  })().catch(listener.onError);
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
