/**
 * What the orders list shows of an order (spec sections 2 Orders, 5 List filters, 3 obsolete).
 * Pure functions, unit-tested in orderView.test.ts.
 */
import type { Order } from './types';

const DAY = 24 * 60 * 60 * 1000;

/** Orders expiring within this many days are highlighted (issue 9). */
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
export function visibleOrders(orders: readonly Order[], showAll: boolean): Order[] {
  return showAll ? [...orders] : orders.filter((order) => !order.isObsolete);
}

/** Only orders not yet approved can be approved (spec 4). */
export function canApprove(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'approved';
}
