/**
 * The figures of the statistics page and the dashboard, from what they read (never whole
 * collections): the aggregate nodes under `stats/` (shared/domain/derived/stats.ts, whose
 * predicates define which orders count) and two short order lists. Pure functions: `now` is passed
 * in; months are calendar months of the agency's time zone, Singapore (stats.ts `monthKey`).
 */
import type { Order } from '@/shared/domain/order';
import {
  isExpiryCandidate,
  isPendingApproval,
  monthKey,
  monthStart,
  type MonthStats,
  type StatsCounts,
} from '@/shared/domain/derived/stats';
import { EXPIRY_HORIZON_DAYS, expiryHorizon } from '@/shared/expiryWindow';

/** Months of the orders/revenue chart, the current one included. */
export const CHART_MONTHS = 12;
/** Orders the pending-approvals card lists (the oldest; the tile gives the count). */
export const PENDING_LIST_SIZE = 10;
/** Orders the expiring card lists (the soonest; the tile gives the count). */
export const EXPIRING_LIST_SIZE = 10;

/**
 * Orders still waiting for approval (spec 4: 'pending' or 'paid', not obsolete), oldest first:
 * the orders of the queue as read, without any that changed meanwhile.
 */
export function pendingApprovals(orders: readonly Order[]): Order[] {
  return orders.filter(isPendingApproval).sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Orders whose expiry date falls in (now, now + days] and that can expire with lessons left
 * (stats.ts `isExpiryCandidate`: not obsolete, not cancelled, qtyLeft > 0), soonest first: the
 * orders of the expiry queue as read, without any that changed meanwhile.
 */
export function ordersExpiringSoon(
  orders: readonly Order[],
  now: number,
  days = EXPIRY_HORIZON_DAYS,
): Order[] {
  const until = expiryHorizon(now, days);
  return orders
    .filter((o) => isExpiryCandidate(o) && o.expiredDate > now && o.expiredDate <= until)
    .sort((a, b) => a.expiredDate - b.expiredDate);
}

/** One month of the orders chart. */
export interface MonthFigures {
  /** 'yyyy-MM' (agency time). */
  month: string;
  /** Epoch ms of the month's first instant (agency time). */
  start: number;
  /** Orders created in the month (not obsolete, not cancelled). */
  orders: number;
  /** Sum of the totals of the month's approved orders, SGD (cents / 100). */
  revenue: number;
}

/** The key of the first month of the chart ending with `now`'s month (for a range query). */
export const firstChartMonth = (now: number, months = CHART_MONTHS) =>
  monthKey(monthStart(now, -(months - 1)));

/**
 * Orders and revenue per month for the `months` calendar months ending with the one of `now`,
 * oldest first, from `stats/months` (absent months and fields are zeros).
 */
export function ordersByMonth(
  stored: Readonly<Record<string, Partial<MonthStats>>> | null,
  now: number,
  months = CHART_MONTHS,
): MonthFigures[] {
  return Array.from({ length: months }, (_, i) => {
    const start = monthStart(now, i - (months - 1));
    const month = monthKey(start);
    const figures = stored?.[month];
    return {
      month,
      start,
      orders: figures?.orders ?? 0,
      revenue: (figures?.revenueCents ?? 0) / 100,
    };
  });
}

/** The summary tiles. */
export interface Summary {
  students: number;
  tutors: number;
  matchedSubjects: number;
  pendingApprovals: number;
  expiringSoon: number;
}

/**
 * The tiles from `stats/counts` (absent counters are 0) and the expiring orders' count (the
 * entries of `stats/expiryQueue` in the window).
 */
export function summarize(
  counts: Readonly<Partial<StatsCounts>> | null,
  expiringSoon: number,
): Summary {
  return {
    students: counts?.students ?? 0,
    tutors: counts?.activeTutors ?? 0,
    matchedSubjects: counts?.matchedSubjects ?? 0,
    pendingApprovals: counts?.pendingApprovals ?? 0,
    expiringSoon,
  };
}
