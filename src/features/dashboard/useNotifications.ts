import { useEffect, useMemo, useState } from 'react';
import { selectIsAdmin } from '@/shared/session';
import { sharedNow } from '@/shared/sharedListener';
import { useAppSelector } from '@/app/hooks';
import {
  notificationsOf,
  subscribeNotificationCounts,
  type AdminNotification,
  type NotificationCounts,
} from './notifications';

/** What the bell and the dashboard's card show. */
export interface NotificationsState {
  /** False for staff: nothing is read and there is no bell. */
  shown: boolean;
  /**
   * The notifications, null until both figures have arrived once or when they cannot be read
   * (then no count rather than a wrong one).
   */
  items: AdminNotification[] | null;
}

/** The signed-in admin's notifications, followed live while mounted (see NotificationsState). */
export function useNotifications(): NotificationsState {
  const isAdmin = useAppSelector(selectIsAdmin);
  const [counts, setCounts] = useState<NotificationCounts>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!isAdmin) return;
    return subscribeNotificationCounts(
      sharedNow(),
      (part) => setCounts((current) => ({ ...current, ...part })),
      () => setFailed(true),
    );
  }, [isAdmin]);
  return useMemo(() => {
    const ready =
      isAdmin &&
      !failed &&
      counts.pendingApprovals !== undefined &&
      counts.expiringSoon !== undefined;
    return { shown: isAdmin, items: ready ? notificationsOf(counts) : null };
  }, [isAdmin, failed, counts]);
}
