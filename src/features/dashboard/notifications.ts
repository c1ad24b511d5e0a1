/**
 * The admin's notifications: what waits for them, from the nodes the dashboard already follows
 * (shared/domain/derived/stats.ts), never whole collections:
 * - orders waiting for approval: `stats/counts/pendingApprovals`;
 * - orders expiring within EXPIRING_DAYS with lessons left: the entries of `stats/expiryQueue`
 *   valued in (now, now + 14 days], as the dashboard counts them (`orderByValue().startAfter()
 *   .endAt()`, about 35 bytes an order).
 * Each is a link to the orders list filtered to those orders. Admin data (spec 6): staff have
 * none, and their header shows no bell.
 */
import { addDays } from 'date-fns';
import { ordersListUrl } from '@/shared/domain/order';
import { COUNT_PATHS, EXPIRY_QUEUE_PATH } from '@/shared/domain/derived/stats';
import { database } from '@/shared/firebase';

/** The window of the expiring notification: the dashboard's "Orders expiring in 14 days". */
export const EXPIRING_DAYS = 14;

/** One notification: how many orders, its text (an ICU plural on `count`) and its link. */
export interface AdminNotification {
  id: 'pendingApprovals' | 'expiringSoon';
  count: number;
  /** Catalogue id; values `count` and `days`. */
  messageId: string;
  to: string;
}

/** The figures the notifications are made of (undefined: not read yet). */
export interface NotificationCounts {
  pendingApprovals?: number;
  expiringSoon?: number;
}

/** The notifications worth showing: those with at least one order, most urgent first. */
export function notificationsOf(counts: NotificationCounts): AdminNotification[] {
  const all: AdminNotification[] = [
    {
      id: 'pendingApprovals',
      count: counts.pendingApprovals ?? 0,
      messageId: 'Dashboard.notification.pendingApprovals',
      to: ordersListUrl({ status: 'waiting' }),
    },
    {
      id: 'expiringSoon',
      count: counts.expiringSoon ?? 0,
      messageId: 'Dashboard.notification.expiringSoon',
      to: ordersListUrl({ expiry: 'expiring' }),
    },
  ];
  return all.filter((n) => n.count > 0);
}

/**
 * Follows the two figures (admins only: others get PERMISSION_DENIED) and reports each change
 * to `onCounts`; the expiry window starts at `now` (epoch ms).
 * @returns stops following; safe to call before the listeners are attached
 */
export function subscribeNotificationCounts(
  now: number,
  onCounts: (part: NotificationCounts) => void,
  onError: (error: Error) => void,
): () => void {
  let stopped = false;
  const stops: Array<() => void> = [];
  void Promise.all([database(), import('firebase/database')])
    .then(([db, m]) => {
      if (stopped) return;
      stops.push(
        m.onValue(
          m.ref(db, COUNT_PATHS.pendingApprovals),
          (snap) => onCounts({ pendingApprovals: Number(snap.val() ?? 0) }),
          onError,
        ),
        m.onValue(
          m.query(
            m.ref(db, EXPIRY_QUEUE_PATH),
            m.orderByValue(),
            m.startAfter(now),
            m.endAt(addDays(now, EXPIRING_DAYS).getTime()),
          ),
          (snap) => onCounts({ expiringSoon: snap.size }),
          onError,
        ),
      );
    })
    .catch(onError);
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
