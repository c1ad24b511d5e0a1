/**
 * The order record, stored at `orders/{id}` (spec section 3, Order; statuses in section 4). The
 * one source of the Order type, here in shared because two features read orders: the orders
 * list (features/orders, which re-exports it) and the dashboard's figures (features/statistics).
 * Orders have no form: they are approved, never edited. tests/integration/schema-rules.test.ts
 * checks it against database.rules.json (`orders/$orderId`), whose write rule also freezes an
 * approved order.
 */
import * as z from '@/shared/zod';

/** Status of an order; any status but 'approved' can be approved (spec section 4). */
export const orderStatusSchema = z.enum(['pending', 'paid', 'approved', 'cancelled']);

export const orderRecordSchema = z
  .strictObject({
    /** The record's key, stored as a child too. */
    id: z.string(),
    studentName: z.string().check(z.maxLength(200)),
    studentEmail: z.string().check(z.maxLength(320)),
    tutorName: z.string().check(z.maxLength(200)),
    tutorEmail: z.string().check(z.maxLength(320)),
    subjectName: z.string().check(z.maxLength(200)),
    /** Amount due, currency units (SGD) with 2 decimals, not negative. */
    total: z.number().check(z.gte(0)),
    status: orderStatusSchema,
    isUsed: z.boolean(),
    /** Lessons bought, and lessons left (0 <= qtyLeft <= qty). */
    qty: z.number().check(z.gte(0)),
    qtyLeft: z.number().check(z.gte(0)),
    /** Epoch milliseconds. */
    createdAt: z.number().check(z.gte(0)),
    /** Epoch milliseconds after which unused lessons expire. */
    expiredDate: z.number().check(z.gte(0)),
    /** Epoch milliseconds of the last change (server time on approval). */
    updatedAt: z.number().check(z.gte(0)),
    isObsolete: z.boolean(),
    /** Sort key; the list is read ordered by it (spec section 7). */
    order: z.number().check(z.gte(0)),
  })
  .check(z.refine((o) => o.qtyLeft <= o.qty, { message: 'qtyLeft above qty', path: ['qtyLeft'] }));

/** Status of an order. */
export type OrderStatus = z.infer<typeof orderStatusSchema>;
/** An order of a lesson package as stored. */
export type Order = z.infer<typeof orderRecordSchema>;

/**
 * The texts the list filter searches (spec 5: orders on id, student and tutor names and e-mails,
 * and subject name); the orders list and the dashboard's short lists search the same.
 */
export function orderFilterText(
  order: Pick<
    Order,
    'id' | 'studentName' | 'studentEmail' | 'tutorName' | 'tutorEmail' | 'subjectName'
  >,
): string[] {
  return [
    order.id,
    order.studentName,
    order.studentEmail,
    order.tutorName,
    order.tutorEmail,
    order.subjectName,
  ];
}

/**
 * The filters of the orders list, kept in its query string: a status, or 'waiting' (pending or
 * paid, not obsolete: `stats/counts/pendingApprovals`); an expiry window, 'expiring' (the
 * dashboard's 14 days) or 'expired'. Here because the dashboard links to them.
 */
export interface OrderListFilters {
  status?: 'waiting' | OrderStatus;
  expiry?: 'expiring' | 'expired';
}

/** The URL of the orders list showing only the orders `filters` select. */
export function ordersListUrl(filters: OrderListFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.expiry) params.set('expiry', filters.expiry);
  const query = params.toString();
  return query ? `/orders?${query}` : '/orders';
}
