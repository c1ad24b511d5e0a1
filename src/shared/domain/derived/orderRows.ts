/**
 * `lists/orders/{id}`: the compact row of each order, the fields the orders list shows (id,
 * student, account e-mail, tutor and tutor's e-mail, subject, status, expiry, total, lessons left
 * of bought, created), searches (spec 5: id, names, e-mails, subject), sorts by (the same) and
 * filters by (status, expiry, lessons left, obsolete: spec 3 and 5). The record's `isUsed`,
 * `updatedAt` and `order` stay out: no column, filter or sort reads them; the order's own page
 * reads the whole record. The list's CSV export has the same columns, so the rows serve it too.
 */
import type { Order } from '../order';
import { listRows } from './listRows';

/** The fields of an order's list row. */
export const ORDER_ROW_FIELDS = [
  'id',
  'studentName',
  'studentEmail',
  'tutorName',
  'tutorEmail',
  'subjectName',
  'status',
  'total',
  'qty',
  'qtyLeft',
  'createdAt',
  'expiredDate',
  'isObsolete',
] as const satisfies readonly (keyof Order)[];

export type OrderRowField = (typeof ORDER_ROW_FIELDS)[number];

/** An order's list row (the record's schema requires every one of these fields). */
export type OrderRow = Pick<Order, OrderRowField>;

/** The orders' list node as a Derivation: one row per order, written by the orders' trigger. */
export const orderListRows = listRows('orders', ORDER_ROW_FIELDS);
