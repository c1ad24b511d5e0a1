/**
 * The admin's notifications: what waits for them, from the nodes the dashboard already follows
 * (shared/domain/derived/stats.ts), never whole collections:
 * - orders waiting for approval: `stats/counts/pendingApprovals`;
 * - orders expiring soon with lessons left: the count of the window of shared/expiryWindow
 *   (now, now + 14 days], the one the dashboard counts: the `stats/expiryDays` counts of the
 *   whole days inside it and the `stats/expiryQueue` entries of the two partial days.
 * Each is a link to the orders list filtered to those orders. Admin data (spec 6): staff have
 * none, and their header shows no bell.
 */
import { ordersListUrl } from '@/shared/domain/order';
import { EXPIRY_HORIZON_DAYS } from '@/shared/expiryWindow';
import { followExpiringCount, followStatsCounts } from '@/shared/sharedListener';

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
 * to `onCounts`; the expiry window starts at `now` (epoch ms). Both listeners are the ones the
 * dashboard's cards follow too (shared/sharedListener: one server query each, not two).
 * @returns stops following; safe to call before the listeners are attached
 */
export function subscribeNotificationCounts(
  now: number,
  onCounts: (part: NotificationCounts) => void,
  onError: (error: Error) => void,
): () => void {
  const stops = [
    followStatsCounts({
      onValue: (counts) => onCounts({ pendingApprovals: Number(counts?.pendingApprovals ?? 0) }),
      onError,
    }),
    followExpiringCount(now, EXPIRY_HORIZON_DAYS, {
      onValue: (expiringSoon) => onCounts({ expiringSoon }),
      onError,
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
