/**
 * What the orders list shows of an order (spec sections 2 Orders, 5 List filters, 3 obsolete).
 * Pure functions, unit-tested in orderView.test.ts.
 */
import { addDays } from 'date-fns';
import { isExpiryCandidate, isPendingApproval } from '@/shared/domain/derived/stats';
import type { Order, OrderRow, OrderStatus } from './types';

const DAY = 24 * 60 * 60 * 1000;

/** Orders expiring within this many days are highlighted as expiring soon. */
export const EXPIRY_WARNING_DAYS = 7;

/** Expiry of an order at `now`: past its expiredDate, within 7 days of it, or neither. */
export type ExpiryState = 'expired' | 'soon' | 'ok';

/** @param now epoch ms (injected so tests and the render agree on one instant). */
export function expiryState(order: Pick<Order, 'expiredDate'>, now: number): ExpiryState {
  if (typeof order.expiredDate !== 'number') return 'ok';
  if (order.expiredDate <= now) return 'expired';
  if (order.expiredDate - now <= EXPIRY_WARNING_DAYS * DAY) return 'soon';
  return 'ok';
}

export { orderFilterText } from '@/shared/domain/order';

/** The rows of the list: obsolete orders are hidden unless all are requested (spec 3). */
export function visibleOrders(orders: readonly OrderRow[], showAll: boolean): OrderRow[] {
  return showAll ? [...orders] : orders.filter((order) => !order.isObsolete);
}

/** Only orders not yet approved can be approved (spec 4). */
export function canApprove(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'approved';
}

/**
 * The status filter of the list: one status, or 'waiting' (status 'pending' or 'paid', not
 * obsolete: the orders the dashboard counts as pending approvals, stats.ts `isPendingApproval`).
 */
export type StatusFilter = 'waiting' | OrderStatus;

export const STATUS_FILTERS: readonly StatusFilter[] = [
  'waiting',
  'pending',
  'paid',
  'approved',
  'cancelled',
];

/**
 * The expiry filter of the list: the orders the dashboard counts as expiring within
 * EXPIRING_FILTER_DAYS (stats.ts `isExpiryCandidate`, expiry date in (now, now + 14 days]), or
 * those already expired with lessons left.
 */
export type ExpiryFilter = 'expiring' | 'expired';

export const EXPIRY_FILTERS: readonly ExpiryFilter[] = ['expiring', 'expired'];

/** The window of the 'expiring' filter, in days: the dashboard's "Orders expiring in 14 days". */
export const EXPIRING_FILTER_DAYS = 14;

/** The list's filters; absent = no filter. */
export interface OrderFilters {
  status?: StatusFilter;
  expiry?: ExpiryFilter;
}

/** The filters of a query string (`status=waiting`, `expiry=expiring`); unknown values: none. */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const expiry = params.get('expiry');
  return {
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as StatusFilter)
      : undefined,
    expiry: (EXPIRY_FILTERS as readonly string[]).includes(expiry ?? '')
      ? (expiry as ExpiryFilter)
      : undefined,
  };
}

/**
 * A copy of `params` with the filters written in (absent ones removed) and the page reset, since
 * the page of another set of rows means nothing.
 */
export function writeOrderFilters(params: URLSearchParams, filters: OrderFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['status', 'expiry'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return next;
}

export { ordersListUrl } from '@/shared/domain/order';

/** True when `order` passes the status filter. */
function matchesStatus(order: OrderRow, status: StatusFilter | undefined): boolean {
  if (!status) return true;
  return status === 'waiting' ? isPendingApproval(order) : order.status === status;
}

/**
 * True when `order` passes the expiry filter at `now` (epoch ms): 'expiring' as the dashboard's
 * count, 'expired' an order past its expiry date that could still have been used (not
 * cancelled or obsolete, lessons left).
 */
function matchesExpiry(order: OrderRow, expiry: ExpiryFilter | undefined, now: number): boolean {
  if (!expiry) return true;
  if (!isExpiryCandidate(order)) return false;
  if (expiry === 'expired') return order.expiredDate <= now;
  return (
    order.expiredDate > now && order.expiredDate <= addDays(now, EXPIRING_FILTER_DAYS).getTime()
  );
}

/** The orders that pass both filters at `now` (epoch ms), in their order. */
export function filterOrders(
  orders: readonly OrderRow[],
  filters: OrderFilters,
  now: number,
): OrderRow[] {
  if (!filters.status && !filters.expiry) return [...orders];
  return orders.filter(
    (order) => matchesStatus(order, filters.status) && matchesExpiry(order, filters.expiry, now),
  );
}

/** The route of an order's detail page. */
export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/**
 * Where an order's student is found: the students list searched for the e-mail of the account
 * that placed the order (spec 3: an order stores the student's name and that e-mail, no id; spec
 * 5: the students list searches e-mails), inactive students included (`all=1`). The account's
 * e-mail is unique, so the list shows that one student.
 */
export function studentPath(accountEmail: string): string {
  return `/students?${new URLSearchParams({ q: accountEmail, all: '1' }).toString()}`;
}

/** Tutors likewise, by the tutor's e-mail. */
export function tutorPath(email: string): string {
  return `/tutors?${new URLSearchParams({ q: email, all: '1' }).toString()}`;
}

/**
 * The public payment page of an order (spec 2, Payment instruction page: /payment/{id}/{total}),
 * as an absolute URL to send to the customer; null when the total is not above 0 (the page
 * refuses it).
 * @param origin e.g. 'https://backoffice.example.sg' (window.location.origin)
 */
export function paymentUrl(origin: string, order: Pick<Order, 'id' | 'total'>): string | null {
  if (!(order.total > 0)) return null;
  return `${origin}/payment/${encodeURIComponent(order.id)}/${order.total.toFixed(2)}`;
}
