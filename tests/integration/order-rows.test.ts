/**
 * The orders' list node (`lists/orders/{id}`, shared/domain/derived/orderRows), kept by the
 * server's database trigger on orders (functions/src/derivedNodes.ts) against the local backend:
 * an order stored through the Admin SDK (as the customer-facing app, an import or the console
 * would) gets its row; a write of one field updates the row; a write of a field the row does not
 * hold leaves it; a deleted order loses its row; and the row the trigger wrote is the one
 * `rebuild` gives for the stored record (what `npm run rebuild-derived` and the seed write).
 * Order ids are unique to this run.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { afterAll, describe, expect, it } from 'vitest';
import { listPath } from '@/shared/domain/derived/listRows';
import { ORDER_ROW_FIELDS, orderListRows } from '@/shared/domain/derived/orderRows';
import type { Order } from '@/shared/domain/order';
import { adminApp, removePaths, triggersSettled, uniqueId } from '../support/backend';
import { orderRecord } from '../support/orderFixture';

const db = () => getAdminDatabase(adminApp());
const DAY = 86_400_000;
const ids: string[] = [];

/** A valid order record (spec 3) with key `id`. */
function order(id: string): Order {
  const now = Date.now();
  return orderRecord(id, now, {
    studentName: 'Row Student',
    studentEmail: 'row.parent@example.test',
    tutorName: 'Row Tutor',
    tutorEmail: 'row.tutor@example.test',
    subjectName: 'Mathematics',
    total: 240,
    expiredDate: now + 90 * DAY,
  });
}

/** The stored list row of order `id` (null when absent). */
const rowOf = async (id: string) =>
  (
    await db()
      .ref(`${listPath('orders')}/${id}`)
      .get()
  ).val() as Record<string, unknown> | null;

/** What `rebuild` gives as the row of the stored order `id`. */
async function rebuiltRow(id: string): Promise<unknown> {
  const stored = (await db().ref(`orders/${id}`).get()).val() as object;
  const rebuilt = orderListRows.rebuild({ [id]: stored })[listPath('orders')] as Record<
    string,
    unknown
  >;
  return rebuilt[id];
}

afterAll(async () => {
  await removePaths(...ids.map((id) => `orders/${id}`));
  await triggersSettled();
}, 60_000);

describe('lists/orders, kept by the server', () => {
  it('an order stored through the Admin SDK gets its row: the list fields only', async () => {
    const id = uniqueId('-rowA');
    ids.push(id);
    const record = order(id);
    await db().ref(`orders/${id}`).set(record);
    await expect.poll(() => rowOf(id), { timeout: 30_000 }).not.toBeNull();
    const row = await rowOf(id);
    const expected = Object.fromEntries(ORDER_ROW_FIELDS.map((field) => [field, record[field]]));
    expect(row).toEqual(expected);
    // What no column, filter or sort reads stays out of the row.
    expect(row).not.toHaveProperty('isUsed');
    expect(row).not.toHaveProperty('updatedAt');
    expect(row).not.toHaveProperty('order');
    expect(row).toEqual(await rebuiltRow(id));
  });

  it('a write of one field updates the row; a field outside it leaves the row; delete removes it', async () => {
    const id = uniqueId('-rowB');
    ids.push(id);
    await db().ref(`orders/${id}`).set(order(id));
    await expect.poll(() => rowOf(id), { timeout: 30_000 }).not.toBeNull();

    // Field-level writes, as approval and the console make them.
    await db().ref(`orders/${id}/status`).set('paid');
    await db().ref(`orders/${id}/studentName`).set('Renamed Student');
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 30_000 }).toBe('paid');
    await expect
      .poll(async () => (await rowOf(id))?.studentName, { timeout: 30_000 })
      .toBe('Renamed Student');

    // An update of several fields at once, one of them not in the row.
    await db().ref(`orders/${id}`).update({ qtyLeft: 1, isObsolete: true, isUsed: true });
    await expect.poll(async () => (await rowOf(id))?.qtyLeft, { timeout: 30_000 }).toBe(1);
    await triggersSettled();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'paid', studentName: 'Renamed Student', isObsolete: true });
    expect(row).not.toHaveProperty('isUsed');
    // The trigger's row equals the rebuild's (what rebuild-derived and the seed write).
    expect(row).toEqual(await rebuiltRow(id));

    await db().ref(`orders/${id}`).remove();
    await expect.poll(() => rowOf(id), { timeout: 30_000 }).toBeNull();
  });
});
