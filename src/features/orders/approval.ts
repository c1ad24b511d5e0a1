/**
 * Approving an order (spec section 4, Order status: any status other than 'approved' can be
 * approved by an admin; status becomes 'approved' and updatedAt is set).
 *
 * The order's status and updatedAt are written together; the server then moves the
 * pending-approval counter and queue and the month's revenue, and records the approval in the
 * audit log (functions/src: database triggers on orders).
 *
 * Two admins approving at the same moment approve it once: both read the order 'pending' and
 * send the update; the server applies the first; the second reaches an approved order, which
 * database.rules.json refuses to change (an approved order is frozen: its updatedAt must stay
 * equal), so it fails with PERMISSION_DENIED and the order as stored tells that it was approved meanwhile.
 *
 * updatedAt is the server's time (`serverTimestamp()`, resolved by the server, which the rules
 * check: `updatedAt === now`).
 */
import type { Database } from 'firebase/database';
import type { Order } from './types';

/** The order was approved by someone else first (or before this admin's list was loaded). */
export class AlreadyApprovedError extends Error {
  /** Catalogue id of the message shown to the admin who lost the race. */
  readonly messageId = 'Orders.alreadyApproved';
  /** The order as stored, approved. */
  readonly order: Order;
  constructor(order: Order) {
    super(`Order ${order.id} is already approved`);
    this.order = order;
  }
}

/** The order does not exist (any more). */
export class OrderNotFoundError extends Error {
  readonly messageId = 'Orders.notFound';
  constructor(id: string) {
    super(`No order ${id}`);
  }
}

type StoredOrder = Omit<Order, 'id'>;

/**
 * Approves `orders/{id}` once, through `db` (the app passes shared/firebase's database(); tests
 * pass their own signed-in web SDK instances).
 * @returns the approved order as stored (updatedAt = the server's time, epoch ms).
 * @throws AlreadyApprovedError when its status already was 'approved';
 *   OrderNotFoundError when there is no such order;
 *   the SDK's error (e.g. PERMISSION_DENIED) otherwise.
 */
export async function approveOrderInDatabase(db: Database, id: string): Promise<Order> {
  const { get, ref, serverTimestamp, update } = await import('firebase/database');
  const orderRef = ref(db, `orders/${id}`);
  const read = async () => (await get(orderRef)).val() as StoredOrder | null;
  const current = await read();
  if (current === null) throw new OrderNotFoundError(id);
  if (current.status === 'approved') throw new AlreadyApprovedError({ ...current, id } as Order);
  try {
    await update(orderRef, { status: 'approved', updatedAt: serverTimestamp() });
  } catch (error) {
    // Refused by the rules because another admin approved it first (see the module comment), or
    // for another reason (not an admin, the order deleted meanwhile): the stored order tells.
    const stored = await read();
    if (stored?.status === 'approved') throw new AlreadyApprovedError({ ...stored, id } as Order);
    if (stored === null) throw new OrderNotFoundError(id);
    throw error;
  }
  // The server stored its own clock as updatedAt; the SDK only has an estimate. Read it back.
  const stored = await read();
  if (stored === null) throw new OrderNotFoundError(id);
  return { ...stored, id } as Order;
}
