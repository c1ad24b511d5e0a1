/**
 * database.rules.json, orders/ (issue 9; spec section 6: orders are for admins only; section 4:
 * status only moves to 'approved', with updatedAt = the server's time, and never leaves it).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, remove, serverTimestamp, set, update, type Database } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import {
  adminOnly,
  describeDatabaseRules,
  prepareActors,
  releaseActors,
  type Actors,
  type Expectations,
} from '../support/rulesMatrix';

const DAY = 86_400_000;
const order = {
  studentName: 'Rules Student',
  studentEmail: 'student@tuition.test',
  tutorName: 'Rules Tutor',
  tutorEmail: 'tutor@tuition.test',
  subjectName: 'Science',
  total: 120.5,
  status: 'pending',
  isUsed: false,
  qty: 4,
  qtyLeft: 3,
  createdAt: 1_700_000_000_000,
  expiredDate: 1_700_000_000_000 + 60 * DAY,
  updatedAt: 1_700_000_000_000,
  isObsolete: false,
  order: 0,
};
const approved = { ...order, status: 'approved', updatedAt: 1_700_000_100_000 };

/** Refused for everyone, admins included. */
const invalid = {
  signedOut: 'deny',
  nonAdmin: 'deny',
  owner: 'deny',
  admin: 'deny',
} as const satisfies Expectations;

describeDatabaseRules('orders', [
  { path: 'orders', op: 'read', expect: adminOnly, name: 'the list' },
  { path: 'orders/{id}', op: 'read', value: order, expect: adminOnly },
  { path: 'orders/{id}', op: 'create', value: order, expect: adminOnly },
  {
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 2, isUsed: true },
    expect: adminOnly,
  },
  { path: 'orders/{id}', op: 'delete', value: order, expect: adminOnly },

  // Amounts (issue 9): numbers, not negative, qtyLeft <= qty.
  {
    name: 'negative total',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: -1 },
    expect: invalid,
  },
  {
    name: 'total as text',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: '120' },
    expect: invalid,
  },
  {
    name: 'negative qty',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, qty: -4, qtyLeft: -4 },
    expect: invalid,
  },
  {
    name: 'qtyLeft above qty',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 5 },
    expect: invalid,
  },
  {
    name: 'negative qtyLeft',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: -1 },
    expect: invalid,
  },
  {
    name: 'qty below qtyLeft',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qty: 2 },
    expect: invalid,
  },
  {
    name: 'no total',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: null },
    expect: invalid,
  },
  {
    name: 'qtyLeft equal to qty',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 4 },
    expect: adminOnly,
  },

  // Status (spec 4): approval needs the server's time; approved is final.
  {
    name: 'approve with client time',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'approved', updatedAt: 1_700_000_200_000 },
    expect: invalid,
  },
  {
    name: 'approve without updatedAt',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'approved' },
    expect: invalid,
  },
  {
    name: 'status leaves approved',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { status: 'pending' },
    expect: invalid,
  },
  {
    name: 'status of approved set to paid',
    path: 'orders/{id}',
    op: 'set',
    before: approved,
    value: { ...approved, status: 'paid' },
    expect: invalid,
  },
  {
    name: 'approved order keeps being used',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { qtyLeft: 1, isUsed: true },
    expect: adminOnly,
  },
  // After approval (issue 15): what was sold is frozen, lessons are only used up, and the order
  // stays. Denied for admins too; each row is one tampering attempt.
  ...(
    [
      ['total lowered', { total: 0.01 }],
      ['qty raised', { qty: 400 }],
      ['student changed', { studentName: 'Someone Else', studentEmail: 'else@tuition.test' }],
      ['tutor changed', { tutorEmail: 'other@tuition.test' }],
      ['subject changed', { subjectName: 'Art' }],
      ['expiry moved', { expiredDate: 1_800_000_000_000 }],
      ['approval time changed', { updatedAt: 1_700_000_300_000 }],
      ['lessons given back', { qtyLeft: 4 }],
    ] as const
  ).map(([what, value]) => ({
    name: `approved order: ${what}`,
    path: 'orders/{id}',
    op: 'update' as const,
    before: approved,
    value,
    expect: invalid,
  })),
  {
    name: 'approved order overwritten as pending',
    path: 'orders/{id}',
    op: 'set',
    before: approved,
    value: { ...order, total: 1 },
    expect: invalid,
  },
  {
    name: 'approved order deleted',
    path: 'orders/{id}',
    op: 'delete',
    before: approved,
    expect: invalid,
  },
  {
    name: 'approved order marked obsolete and moved in the list',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { isObsolete: true, order: 7 },
    expect: adminOnly,
  },
  {
    name: 'pending to paid',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'paid' },
    expect: adminOnly,
  },
]);

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
      const attempt = update(ref((actors as Actors).web[role].database, `orders/${id}`), {
        status: 'approved',
        updatedAt: serverTimestamp(),
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

// The approved-order freeze through every other path a client can write by (issue 15: "cannot be
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
