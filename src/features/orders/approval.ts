/**
 * Approving an order (spec section 4, Order status: any status other than 'approved' can be
 * approved by an admin; status becomes 'approved' and updatedAt is set).
 *
 * Done as a Realtime Database transaction on `orders/{id}` so that two admins approving at the
 * same moment approve it once: the server accepts a transaction's write only if the order is
 * unchanged since the client read it (compare-and-set on its hash), otherwise the SDK re-runs the
 * update function with the new value, which then sees 'approved' and aborts.
 *
 * updatedAt is the server's time: the value returned by the update function carries
 * `serverTimestamp()` ({'.sv': 'timestamp'}). The JS SDK sends a transaction's *unresolved*
 * value (`currentOutputSnapshotRaw` in @firebase/database), so the server fills in its own clock
 * and database.rules.json can demand `updatedAt === now` (verified by
 * tests/integration/approval.test.ts against the local backend).
 *
 * Audit (issue 17 item 4): a transaction writes one location only, so the approval's audit entry
 * (status and updatedAt before and after) is written right after the transaction commits, by the
 * same admin; were that second write to fail, the order stays approved and the error is thrown.
 */
import type { Database } from 'firebase/database';
import { auditLogUpdate, stripUndefined } from '@/shared/rtdb';
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
  const { get, ref, runTransaction, serverTimestamp, update } = await import('firebase/database');
  const orderRef = ref(db, `orders/${id}`);
  let alreadyApproved = false;
  // The fields the approval changes, as the committed run of the update function saw them.
  let before: Partial<StoredOrder> = {};
  const transaction = runTransaction(
    orderRef,
    (current: StoredOrder | null) => {
      // The first run may see null only because nothing is cached yet: returning null lets the
      // server answer with the real value (hash mismatch) and the function runs again.
      if (current === null) return null;
      if (current.status === 'approved') {
        alreadyApproved = true;
        return undefined; // abort: nothing to write
      }
      alreadyApproved = false;
      before = stripUndefined({ status: current.status, updatedAt: current.updatedAt });
      return { ...current, status: 'approved', updatedAt: serverTimestamp() };
    },
    // Local events of intermediate runs would flash an approved row that may then be rolled back.
    { applyLocally: false },
  );
  let result: Awaited<typeof transaction>;
  try {
    result = await transaction;
  } catch (error) {
    // A write computed from a stale 'pending' copy of an order approved meanwhile is refused by
    // the rules (an approved order is frozen, issue 15) before the hash check could ask for a
    // retry; the order as stored tells which it was.
    const stored = (await get(orderRef)).val() as StoredOrder | null;
    if (stored?.status === 'approved') throw new AlreadyApprovedError({ ...stored, id } as Order);
    throw error;
  }
  if (result.snapshot.val() === null) throw new OrderNotFoundError(id);
  // The committed snapshot holds the SDK's *estimate* of the server time (the SDK resolves
  // server values locally for its events); the server stored its own clock. Read it back.
  const stored = (await get(orderRef)).val() as StoredOrder | null;
  if (stored === null) throw new OrderNotFoundError(id);
  const order = { ...stored, id } as Order;
  if (!result.committed || alreadyApproved) throw new AlreadyApprovedError(order);
  await update(
    ref(db),
    await auditLogUpdate(db, {
      entity: 'orders',
      recordId: id,
      action: 'approve',
      before,
      after: { status: order.status, updatedAt: order.updatedAt },
    }),
  );
  return order;
}
