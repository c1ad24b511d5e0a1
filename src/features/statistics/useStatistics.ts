import { useEffect, useMemo, useState } from 'react';
import { toAppError, type AppError } from '@/shared/errors';
import { EXPIRY_HORIZON_DAYS } from '@/shared/expiryWindow';
import { sharedNow } from '@/shared/sharedListener';
import type { Order } from '@/shared/domain/order';
import {
  EXPIRING_LIST_SIZE,
  firstChartMonth,
  ordersByMonth,
  ordersExpiringSoon,
  pendingApprovals,
  PENDING_LIST_SIZE,
  summarize,
  type MonthFigures,
  type Summary,
} from './aggregate';
import { subscribeStatistics, type StatisticsData } from './statisticsApi';

/** What the statistics page and the dashboard show. */
export interface Statistics {
  summary: Summary;
  months: MonthFigures[];
  /** The oldest orders waiting for approval (at most PENDING_LIST_SIZE; the tile has the count). */
  pending: Order[];
  /** The soonest orders expiring in the window (at most EXPIRING_LIST_SIZE; the tile: count). */
  expiring: Order[];
  /** Epoch ms the figures were computed for. */
  now: number;
  /** True until every part has arrived once. */
  loading: boolean;
  /** The first failed read. */
  error: AppError | null;
}

/**
 * Follows the aggregate nodes, the expiry queue's window and the two short order lists with
 * listeners (statisticsApi; admin data, spec 6: call it only for admins), detached on unmount;
 * figures change within the round trip of another admin's write. Never reads whole collections.
 */
export function useStatistics(): Statistics {
  const [now] = useState(sharedNow);
  const [data, setData] = useState<StatisticsData>({});
  const [error, setError] = useState<AppError | null>(null);

  useEffect(
    () =>
      subscribeStatistics(
        {
          firstMonth: firstChartMonth(now),
          expiryFrom: now,
          expiryDays: EXPIRY_HORIZON_DAYS,
          pendingLimit: PENDING_LIST_SIZE,
          expiringLimit: EXPIRING_LIST_SIZE,
        },
        {
          onData: (part) => setData((current) => ({ ...current, ...part })),
          onError: (e) => setError((current) => current ?? toAppError(e)),
        },
      ),
    [now],
  );

  return useMemo(() => {
    return {
      summary: summarize(data.counts ?? null, data.expiringCount ?? 0),
      months: ordersByMonth(data.months ?? null, now),
      pending: pendingApprovals(data.pending ?? []),
      expiring: ordersExpiringSoon(data.expiring ?? [], now),
      now,
      loading:
        !error &&
        (data.counts === undefined ||
          data.months === undefined ||
          data.pending === undefined ||
          data.expiringCount === undefined ||
          data.expiring === undefined),
      error,
    };
  }, [data, error, now]);
}
