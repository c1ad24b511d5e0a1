/**
 * database.rules.json, orders/ (spec section 6: orders are for admins only; section 4:
 * status only moves to 'approved', with updatedAt = the server's time, and never leaves it).
 * The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered from.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, remove, serverTimestamp, set, update, type Database } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import {
  describeDatabaseRules,
  prepareActors,
  releaseActors,
  type Actors,
} from '../support/rulesMatrix';
import { approved, databaseCases, order } from '../support/rulesTable';

describeDatabaseRules('orders', databaseCases('orders'));

// An approval stamped with serverTimestamp() is allowed for admins only. The matrix compares the
// stored value with what was written, which a server value cannot equal, so it is checked here
// by hand with the same helper.

describe('database rules: orders approval with the server time', () => {
  let actors: Actors | undefined;
  beforeAll(async () => {
    actors = await prepareActors();
  });
  afterAll(() => releaseActors(actors));

  it.each(['signedOut', 'nonAdmin', 'admin'] as const)('%s', async (role) => {
    const id = uniqueId('rules-approve');
    const adminRef = getAdminDatabase(adminApp()).ref(`orders/${id}`);
    await adminRef.set(order);
    try {
      const before = Date.now();
      // As the app approves: status and the server's time together.
      const attempt = update(ref((actors as Actors).web[role].database), {
        [`orders/${id}/status`]: 'approved',
        [`orders/${id}/updatedAt`]: serverTimestamp(),
      });
      const stored = async () => (await adminRef.get()).val() as typeof order;
      if (role === 'admin') {
        await attempt;
        const after = Date.now();
        const saved = await stored();
        expect(saved.status).toBe('approved');
        // The server's clock is this machine's: the time lies between the request and its answer.
        expect(saved.updatedAt).toBeGreaterThanOrEqual(before - 1000);
        expect(saved.updatedAt).toBeLessThanOrEqual(after + 1000);
      } else {
        await expect(attempt).rejects.toThrow(/permission.denied/i);
        expect((await stored()).status).toBe('pending');
      }
    } finally {
      await removePaths(`orders/${id}`);
    }
  });
});

// The approved-order freeze through every other path a client can write by ("cannot be
// changed by any path"): a child field set or removed on its own, a multi-path update from the
// root or from `orders`, a delete of one field. Each is tried by an admin and must leave the order
// exactly as it was.
describe('database rules: an approved order through other write paths', () => {
  let actors: Actors | undefined;
  beforeAll(async () => {
    actors = await prepareActors();
  });
  afterAll(() => releaseActors(actors));

  const attempts: [string, (db: Database, id: string) => Promise<unknown>][] = [
    ['set total alone', (db, id) => set(ref(db, `orders/${id}/total`), 0.01)],
    ['set qty alone', (db, id) => set(ref(db, `orders/${id}/qty`), 400)],
    ['set studentEmail alone', (db, id) => set(ref(db, `orders/${id}/studentEmail`), 'x@y.sg')],
    ['set status back to pending', (db, id) => set(ref(db, `orders/${id}/status`), 'pending')],
    ['remove status', (db, id) => remove(ref(db, `orders/${id}/status`))],
    ['remove updatedAt', (db, id) => remove(ref(db, `orders/${id}/updatedAt`))],
    ['root multi-path total', (db, id) => update(ref(db), { [`orders/${id}/total`]: 0.01 })],
    ['orders multi-path delete', (db, id) => update(ref(db, 'orders'), { [id]: null })],
    [
      'orders multi-path re-create as pending',
      (db, id) => update(ref(db, 'orders'), { [id]: { ...order, total: 1 } }),
    ],
  ];

  it.each(attempts)('%s is refused to an admin', async (_what, attempt) => {
    const id = uniqueId('rules-frozen');
    const adminRef = getAdminDatabase(adminApp()).ref(`orders/${id}`);
    await adminRef.set(approved);
    try {
      await expect(attempt((actors as Actors).web.admin.database, id)).rejects.toThrow(
        /permission.denied/i,
      );
      expect((await adminRef.get()).val()).toEqual(approved);
    } finally {
      await removePaths(`orders/${id}`);
    }
  });
});
