/**
 * Order approval under contention (spec section 4, Order status): two admins, each with
 * their own web SDK client, approve the same order at the same moment through the app's own
 * transaction (src/features/orders/approval.ts). Exactly one wins; the other is told it was
 * already approved; updatedAt is the server's time, as database.rules.json demands.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { onValue, ref, update, type Database } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlreadyApprovedError,
  approveOrderInDatabase,
  OrderNotFoundError,
} from '@/features/orders/approval';
import type { Order } from '@/features/orders/types';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  signedInWebApp,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';

const DAY = 86_400_000;

function pendingOrder(): Omit<Order, 'id'> {
  const createdAt = Date.now() - 5 * DAY;
  return {
    studentName: 'Approval Student',
    studentEmail: 'student@tuition.test',
    tutorName: 'Approval Tutor',
    tutorEmail: 'tutor@tuition.test',
    subjectName: 'Mathematics',
    total: 180,
    status: 'pending',
    isUsed: false,
    qty: 4,
    qtyLeft: 4,
    createdAt,
    expiredDate: createdAt + 60 * DAY,
    updatedAt: createdAt,
    isObsolete: false,
    order: 0,
  };
}

/** Keeps the order cached in `db` (as the app's list would), so both clients race on data. */
async function watch(db: Database, path: string): Promise<() => void> {
  return new Promise((resolve) => {
    const stop = onValue(ref(db, path), (snap) => {
      if (snap.exists()) resolve(stop);
    });
  });
}

describe('order approval', () => {
  let admins: TestAccount[] = [];
  let clients: WebApp[] = [];
  const paths: string[] = [];

  beforeAll(async () => {
    admins = await Promise.all([
      createAccount({ email: uniqueEmail('approver-a'), isAdmin: true }),
      createAccount({ email: uniqueEmail('approver-b'), isAdmin: true }),
    ]);
    clients = await Promise.all(admins.map((a) => signedInWebApp(a.email, a.password)));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(admins.map((a) => deleteAccount(a.uid)));
    if (paths.length) await removePaths(...paths);
  });

  async function arrangeOrder(): Promise<string> {
    const id = uniqueId('order');
    paths.push(`orders/${id}`);
    await getAdminDatabase(adminApp()).ref(`orders/${id}`).set(pendingOrder());
    return id;
  }

  const stored = async (id: string) =>
    (await getAdminDatabase(adminApp()).ref(`orders/${id}`).get()).val() as Omit<Order, 'id'>;

  it('approves a pending order with the server time as updatedAt', async () => {
    const id = await arrangeOrder();
    const before = Date.now();
    const order = await approveOrderInDatabase(clients[0]!.database, id);
    const after = Date.now();
    const saved = await stored(id);
    expect(order.status).toBe('approved');
    expect(saved.status).toBe('approved');
    expect(order.updatedAt).toBe(saved.updatedAt);
    // A number written by the server during the call (same machine clock, small tolerance).
    expect(saved.updatedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(saved.updatedAt).toBeLessThanOrEqual(after + 1000);
    // The rest of the order is untouched.
    expect({ ...saved, status: 'pending', updatedAt: 0 }).toEqual({
      ...pendingOrder(),
      createdAt: saved.createdAt,
      expiredDate: saved.expiredDate,
      updatedAt: 0,
    });
  });

  it.each([1, 2, 3, 4, 5])(
    'two admins approving at once: exactly one wins, the other is told (round %i)',
    async () => {
      const id = await arrangeOrder();
      const stops = await Promise.all(clients.map((c) => watch(c.database, `orders/${id}`)));
      try {
        const results = await Promise.allSettled(
          clients.map((c) => approveOrderInDatabase(c.database, id)),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        const reason = (lost[0] as PromiseRejectedResult).reason as unknown;
        expect(reason).toBeInstanceOf(AlreadyApprovedError);
        expect((reason as AlreadyApprovedError).messageId).toBe('Orders.alreadyApproved');
        // The loser is handed the stored (winner's) order.
        const winner = (won[0] as PromiseFulfilledResult<Order>).value;
        expect((reason as AlreadyApprovedError).order.updatedAt).toBe(winner.updatedAt);
        expect((await stored(id)).updatedAt).toBe(winner.updatedAt);
      } finally {
        stops.forEach((stop) => stop());
      }
    },
  );

  it('a second approval later is refused and changes nothing', async () => {
    const id = await arrangeOrder();
    const first = await approveOrderInDatabase(clients[0]!.database, id);
    await expect(approveOrderInDatabase(clients[1]!.database, id)).rejects.toBeInstanceOf(
      AlreadyApprovedError,
    );
    expect((await stored(id)).updatedAt).toBe(first.updatedAt);
  });

  it('reports a missing order', async () => {
    const id = uniqueId('order-missing');
    await expect(approveOrderInDatabase(clients[0]!.database, id)).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
    expect(await stored(id)).toBeNull();
  });

  it('rules refuse an approval stamped with the client clock instead of the server time', async () => {
    const id = await arrangeOrder();
    await expect(
      update(ref(clients[0]!.database, `orders/${id}`), {
        status: 'approved',
        updatedAt: Date.now() - 60_000,
      }),
    ).rejects.toThrow(/permission.denied/i);
    expect((await stored(id)).status).toBe('pending');
  });
});
