/**
 * `publicOrders/{orderId}`: the few facts of an order that its customer's public pages show
 * signed out (the QR page `/qrcode/{id}` and the payment page `/payment/{id}/{total}`, spec
 * section 2): that the order exists, its amount, its lessons and its status. Orders themselves
 * are read by admins only (database.rules.json); this node is readable entry by entry by anyone
 * (`.read: true` on `publicOrders/$id`, no list read of the parent, no client write), so a link
 * with a made-up id shows "order not found" and the payment page shows the order's real amount,
 * not the one its URL carries. An order id is a 20-character push key, unguessable, and the entry
 * holds no name, e-mail or date. An obsolete order has no entry (it is withdrawn: nothing to
 * pay). The server writes each entry from its order (functions/src/derivedNodes.ts).
 */
import type { Derivation } from './derivation';

/** Where the public facts of orders live. */
export const PUBLIC_ORDERS_PATH = 'publicOrders';

/** The public facts of one order, as stored at `publicOrders/{id}`. */
export interface PublicOrder {
  /** Amount due in SGD, 2 decimals (the order's `total`). */
  total: number;
  /** Lessons bought. */
  qty: number;
  /** The order's status (spec section 4): 'pending', 'paid', 'approved' or 'cancelled'. */
  status: string;
}

/** The public entry of an order record, or null when it has none (absent or obsolete). */
export function publicOrder(record: object | null): PublicOrder | null {
  if (!record) return null;
  const order = record as Partial<Record<keyof PublicOrder | 'isObsolete', unknown>>;
  if (order.isObsolete === true) return null;
  return {
    total: typeof order.total === 'number' ? order.total : 0,
    qty: typeof order.qty === 'number' ? order.qty : 0,
    status: typeof order.status === 'string' ? order.status : 'pending',
  };
}

/** `publicOrders` as a Derivation of the orders: one entry per order that is not obsolete. */
export const publicOrders: Derivation = {
  project: (id, record) => ({ [`${PUBLIC_ORDERS_PATH}/${id}`]: publicOrder(record) }),
  rebuild: (records) => ({
    [PUBLIC_ORDERS_PATH]: Object.fromEntries(
      Object.entries(records).flatMap(([id, record]) => {
        const entry = publicOrder(record);
        return entry ? [[id, entry]] : [];
      }),
    ),
  }),
};
