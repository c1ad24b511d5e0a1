/**
 * The dashboard's aggregate nodes (src/shared/domain/derived/stats.ts), kept by the server's
 * database triggers (functions/src/derivedNodes.ts), stay equal to what the records say after
 * every create, update, delete, approval and matching confirm made through the app's own writers
 * (rtdbEntityApi, approveOrderInDatabase, setConfirmedTutor), including two admins writing at
 * once with their own signed-in web SDKs, and after writes made without the app (the Admin SDK,
 * REST as the owner). Each figure is compared once the triggers have settled.
 *
 * The backend is shared with other test files, so each test compares the CHANGE of every figure
 * under `stats/` with the change of rebuild() over the records the test wrote: equal when the
 * counters are exact. Another file's writes at the same moment would move the shared counters
 * too, so this file runs alone, after the others (vitest.config.ts, `integration-alone`); its
 * months are in 2031, which no other file uses.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlreadyApprovedError, approveOrderInDatabase } from '@/features/orders/approval';
import type { Order } from '@/features/orders/types';
import { setConfirmedTutor } from '@/features/matching/matchingApi';
import { DERIVATIONS, type DerivedCollection } from '@/shared/domain/derived';
import { EXPIRY_DAYS_PATH, dayKey } from '@/shared/domain/derived/stats';
import { rtdbEntityApi } from '@/shared/rtdb';
import {
  adminApp,
  backend,
  triggersSettled,
  createAccount,
  deleteAccount,
  postDatabaseEvent,
  signedInWebApp,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { removeWithDerived } from './derivedFixtures';
import { studentRecord, tutorRecord } from './peopleFixtures';

const DAY = 86_400_000;
/** A month no other test file writes orders in (stats/months/2031-03). */
const CREATED_AT = Date.UTC(2031, 2, 10);
const admin = () => getAdminDatabase(adminApp());

type Records = Record<DerivedCollection, Record<string, object>>;

/** Every figure under `stats/` as a flat `path -> number` map (absent and 0 are the same). */
function figures(value: unknown, at = '', out: Record<string, number> = {}) {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) figures(v, at ? `${at}/${k}` : k, out);
  } else if (typeof value === 'number' && at.startsWith('stats/') && value !== 0) out[at] = value;
  return out;
}

/** The stored count of one agency day of the expiry queue (absent: 0). */
async function dayCount(day: string): Promise<number> {
  return Number((await admin().ref(`${EXPIRY_DAYS_PATH}/${day}`).get()).val() ?? 0);
}

/** The stored figures; the pending queue's values are createdAt times, kept as they are. */
async function storedFigures() {
  return figures({ stats: (await admin().ref('stats').get()).val() as unknown });
}

/** rebuild() of the given records, flattened like storedFigures. */
function rebuilt(records: Records) {
  const out: Record<string, number> = {};
  for (const collection of Object.keys(records) as DerivedCollection[]) {
    for (const [path, value] of Object.entries(
      DERIVATIONS[collection].rebuild(records[collection]),
    )) {
      if (path.startsWith('stats/')) figures(value, path, out);
    }
  }
  return out;
}

/** b - a per path, zeros left out. */
function difference(a: Record<string, number>, b: Record<string, number>) {
  const out: Record<string, number> = {};
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = (b[path] ?? 0) - (a[path] ?? 0);
    if (d !== 0) out[path] = d;
  }
  return out;
}

/** The records of this file (by collection and id), as stored now. */
const mine: Record<DerivedCollection, Set<string>> = {
  students: new Set(),
  tutors: new Set(),
  orders: new Set(),
};
async function myRecords(): Promise<Records> {
  const records: Records = { students: {}, tutors: {}, orders: {} };
  for (const collection of Object.keys(mine) as DerivedCollection[]) {
    for (const id of mine[collection]) {
      const value = (await admin().ref(`${collection}/${id}`).get()).val() as object | null;
      if (value) records[collection][id] = { ...value, id };
    }
  }
  return records;
}

/**
 * Runs `act` and checks that every stored figure moved by exactly what rebuild() of this file's
 * records says; returns act's result.
 */
async function expectExact<R>(act: () => Promise<R>): Promise<R> {
  await triggersSettled();
  const [figuresBefore, recordsBefore] = [await storedFigures(), await myRecords()];
  const result = await act();
  await triggersSettled();
  const [figuresAfter, recordsAfter] = [await storedFigures(), await myRecords()];
  expect(difference(figuresBefore, figuresAfter)).toEqual(
    difference(rebuilt(recordsBefore), rebuilt(recordsAfter)),
  );
  return result;
}

function pendingOrder(total = 180.1): Omit<Order, 'id'> {
  return {
    studentName: 'Stats Student',
    studentEmail: 'student@tuition.test',
    tutorName: 'Stats Tutor',
    tutorEmail: 'tutor@tuition.test',
    subjectName: 'Mathematics',
    total,
    status: 'pending',
    isUsed: false,
    qty: 4,
    qtyLeft: 4,
    createdAt: CREATED_AT,
    expiredDate: CREATED_AT + 60 * DAY,
    updatedAt: CREATED_AT,
    isObsolete: false,
    order: 0,
  };
}

describe('stats/ aggregate nodes', () => {
  let admins: TestAccount[] = [];
  let clients: WebApp[] = [];
  /** The app's entity api of a collection, through client i's signed-in SDK. */
  const api = <T extends { id: string }>(collection: DerivedCollection, i: number) =>
    rtdbEntityApi<T>(collection, {
      connect: async () => clients[i]!.database,
    });
  const students = (i: number) => api<{ id: string } & Record<string, unknown>>('students', i);
  const tutors = (i: number) => api<{ id: string } & Record<string, unknown>>('tutors', i);
  const orders = (i: number) => api<Order>('orders', i);

  async function newStudent(i = 0) {
    const id = uniqueId('stats-student');
    mine.students.add(id);
    await students(i).create({ ...studentRecord('Stats Student'), id });
    await triggersSettled();
    return id;
  }
  async function newTutor(i = 0, status = true) {
    const id = uniqueId('stats-tutor');
    mine.tutors.add(id);
    await tutors(i).create({ ...tutorRecord('Stats Tutor'), status, id });
    await triggersSettled();
    return id;
  }
  async function newOrder(i = 0, total?: number) {
    const created = await orders(i).create(pendingOrder(total));
    mine.orders.add(created.id);
    await triggersSettled();
    return created.id;
  }

  beforeAll(async () => {
    admins = await Promise.all([
      createAccount({ email: uniqueEmail('stats-a'), isAdmin: true }),
      createAccount({ email: uniqueEmail('stats-b'), isAdmin: true }),
    ]);
    clients = await Promise.all(admins.map((a) => signedInWebApp(a.email, a.password)));
  });

  afterAll(async () => {
    // With their companions (firebase-admin: approved orders are frozen to clients), so the
    // shared counters are left as they were found.
    await removeWithDerived(mine);
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(admins.map((a) => deleteAccount(a.uid)));
  });

  it('create, update and delete of students, tutors and orders keep every figure exact', async () => {
    const student = await expectExact(() => newStudent());
    const tutor = await expectExact(() => newTutor(1));
    await expectExact(() => newTutor(0, false));
    const order = await expectExact(() => newOrder(1, 0.07));
    await expectExact(() => tutors(0).modify({ id: tutor, changes: { status: false } }));
    await expectExact(() => tutors(1).modify({ id: tutor, changes: { status: true } }));
    await expectExact(() => orders(0).modify({ id: order, changes: { status: 'paid' } }));
    await expectExact(() => orders(0).modify({ id: order, changes: { status: 'cancelled' } }));
    await expectExact(() => orders(1).remove(order));
    await expectExact(() => students(1).remove(student));
    await expectExact(() => tutors(0).remove(tutor));
  });

  it('an approval moves pending approvals, the queue and the revenue of its month', async () => {
    const order = await newOrder(0, 100.1);
    const queued = async () => (await admin().ref(`stats/pendingQueue/${order}`).get()).val();
    expect(await queued()).toBe(CREATED_AT);
    await expectExact(() => approveOrderInDatabase(clients[1]!.database, order));
    expect(await queued()).toBeNull();
  });

  it('the expiry queue follows the expiry date, the lessons left and a cancellation', async () => {
    const order = await expectExact(() => newOrder(0));
    const queued = async () => (await admin().ref(`stats/expiryQueue/${order}`).get()).val();
    expect(await queued()).toBe(CREATED_AT + 60 * DAY);
    await expectExact(() =>
      orders(1).modify({ id: order, changes: { expiredDate: CREATED_AT + 30 * DAY } }),
    );
    expect(await queued()).toBe(CREATED_AT + 30 * DAY);
    // Its expiry day's count moved with it (the rest of the figures: expectExact).
    expect(await dayCount(dayKey(CREATED_AT + 30 * DAY))).toBeGreaterThanOrEqual(1);
    await expectExact(() => approveOrderInDatabase(clients[0]!.database, order));
    expect(await queued()).toBe(CREATED_AT + 30 * DAY);
    await expectExact(() => orders(0).modify({ id: order, changes: { qtyLeft: 0, isUsed: true } }));
    expect(await queued()).toBeNull();
    const other = await newOrder(1);
    await expectExact(() => orders(0).modify({ id: other, changes: { status: 'cancelled' } }));
    expect((await admin().ref(`stats/expiryQueue/${other}`).get()).val()).toBeNull();
    await expectExact(() => orders(1).modify({ id: other, changes: { status: 'pending' } }));
    await expectExact(() => orders(0).remove(other));
  });

  it('a matching confirm, swap and removal move the matched subjects', async () => {
    const student = await newStudent();
    const [t1, t2] = [await newTutor(), await newTutor()];
    await expectExact(() => setConfirmedTutor(clients[0]!.database, student, 'maths', t1));
    await expectExact(() => setConfirmedTutor(clients[1]!.database, student, 'maths', t2));
    await expectExact(() => setConfirmedTutor(clients[0]!.database, student, 'science', t1));
    await expectExact(() => setConfirmedTutor(clients[1]!.database, student, 'maths', null));
    // A deleted student takes its matches with it.
    await expectExact(() => students(0).remove(student));
  });

  it("a deleted tutor's matches leave the matched subjects", async () => {
    const [s1, s2] = [await newStudent(), await newStudent()];
    const tutor = await newTutor();
    await setConfirmedTutor(clients[0]!.database, s1, 'maths', tutor);
    await setConfirmedTutor(clients[0]!.database, s1, 'art', tutor);
    await setConfirmedTutor(clients[1]!.database, s2, 'maths', tutor);
    const now = Date.now();
    // The deletion as features/people personApi writes it: the students' side cleared with it.
    await expectExact(() =>
      update(ref(clients[1]!.database), {
        [`tutors/${tutor}`]: null,
        ...Object.fromEntries(
          [
            [s1, 'maths'],
            [s1, 'art'],
            [s2, 'maths'],
          ].flatMap(([s, subject]) => [
            [`students/${s}/tutorMapping/${subject}/confirmed`, null],
            [`students/${s}/tutorMapping/${subject}/updatedAt`, now],
          ]),
        ),
      }),
    );
  });

  describe('two admins at once', () => {
    it.each([1, 2, 3])('create different records (round %i)', async () => {
      await expectExact(() =>
        Promise.all([newStudent(0), newStudent(1), newOrder(0), newOrder(1), newTutor(1)]),
      );
    });

    it.each([1, 2, 3])('toggle the same tutor off (round %i)', async () => {
      const tutor = await newTutor();
      await expectExact(() =>
        Promise.allSettled(
          [0, 1].map((i) => tutors(i).modify({ id: tutor, changes: { status: false } })),
        ),
      );
    });

    it.each([1, 2, 3])('delete the same student and the same order (round %i)', async () => {
      const [student, order] = [await newStudent(), await newOrder()];
      await expectExact(() =>
        Promise.allSettled(
          [0, 1].flatMap((i) => [students(i).remove(student), orders(i).remove(order)]),
        ),
      );
      const left = await myRecords();
      expect(left.students[student]).toBeUndefined();
      expect(left.orders[order]).toBeUndefined();
    });

    it.each([1, 2, 3])("move the same order's expiry date (round %i)", async () => {
      const order = await newOrder();
      await expectExact(() =>
        Promise.allSettled(
          [0, 1].map((i) =>
            orders(i).modify({ id: order, changes: { expiredDate: CREATED_AT + (20 + i) * DAY } }),
          ),
        ),
      );
    });

    it.each([1, 2, 3])('use the last lesson of the same order (round %i)', async () => {
      const order = await newOrder();
      await approveOrderInDatabase(clients[0]!.database, order);
      await expectExact(() =>
        Promise.allSettled(
          [0, 1].map((i) => orders(i).modify({ id: order, changes: { qtyLeft: 0, isUsed: true } })),
        ),
      );
    });

    it.each([1, 2, 3])('approve the same order (round %i)', async () => {
      const order = await newOrder();
      const results = await expectExact(() =>
        Promise.allSettled(clients.map((c) => approveOrderInDatabase(c.database, order))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(AlreadyApprovedError);
    });

    it.each([1, 2, 3])('confirm and remove the same subject (round %i)', async () => {
      const student = await newStudent();
      const tutor = await newTutor();
      await expectExact(() =>
        Promise.all(clients.map((c) => setConfirmedTutor(c.database, student, 'maths', tutor))),
      );
      await expectExact(() =>
        Promise.all(clients.map((c) => setConfirmedTutor(c.database, student, 'maths', null))),
      );
    });
  });

  describe('writes made without the app', () => {
    it('a student and an order written through the Admin SDK, a field at a time', async () => {
      const student = uniqueId('stats-student');
      mine.students.add(student);
      await expectExact(() =>
        admin()
          .ref(`students/${student}`)
          .set({ ...studentRecord('Admin SDK'), id: student }),
      );
      const order = uniqueId('stats-order');
      mine.orders.add(order);
      await expectExact(() =>
        admin()
          .ref(`orders/${order}`)
          .set({ ...pendingOrder(), id: order }),
      );
      await expectExact(() => admin().ref(`orders/${order}/status`).set('approved'));
      await expectExact(() =>
        admin()
          .ref(`orders/${order}/createdAt`)
          .set(CREATED_AT + 40 * DAY),
      );
      await expectExact(() => admin().ref(`orders/${order}`).remove());
    });

    it('a tutor switched off and a mapping confirmed by REST as the owner', async () => {
      const tutor = await newTutor();
      const student = await newStudent();
      const rest = (path: string, body: unknown) =>
        fetch(
          `http://${backend.database.host}:${backend.database.port}/${path}.json?ns=${backend.databaseNamespace}`,
          {
            method: 'PATCH',
            headers: { Authorization: 'Bearer owner' },
            body: JSON.stringify(body),
          },
        ).then((response) => expect(response.status).toBe(200));
      await expectExact(() => rest(`tutors/${tutor}`, { status: false }));
      await expectExact(() =>
        rest('', {
          [`students/${student}/tutorMapping/maths`]: { confirmed: tutor, updatedAt: Date.now() },
          [`tutors/${tutor}/confirmedStudents/${student}/maths`]: true,
        }),
      );
    });
  });
  it("an order's event delivered twice moves its expiry days once", async () => {
    const order = await newOrder();
    const stored = (await admin().ref(`orders/${order}`).get()).val() as Record<string, unknown>;
    const [from, to] = [CREATED_AT + 60 * DAY, CREATED_AT + 90 * DAY];
    const before = { from: await dayCount(dayKey(from)), to: await dayCount(dayKey(to)) };
    /** An update event of the order's expiry date, as the Database server sends it. */
    const time = new Date().toISOString();
    const post = (id: string, was: number, now: number) =>
      postDatabaseEvent('orders/{id}', {
        id,
        time,
        ref: `orders/${order}`,
        data: { ...stored, expiredDate: was },
        delta: { expiredDate: now },
      }).then((response) => expect(response.status).toBe(200));
    // The same event twice, as a retry would send it: one day loses the order once, the other
    // gains it once.
    const moved = uniqueId('expiry-moved');
    await post(moved, from, to);
    await post(moved, from, to);
    await triggersSettled();
    expect(await dayCount(dayKey(from))).toBe(before.from - 1);
    expect(await dayCount(dayKey(to))).toBe(before.to + 1);
    // The event back (the record itself never moved): every figure as rebuild() says again.
    await post(uniqueId('expiry-back'), to, from);
    await triggersSettled();
    expect(await dayCount(dayKey(from))).toBe(before.from);
    expect(await dayCount(dayKey(to))).toBe(before.to);
    await expectExact(() => orders(0).remove(order));
  });
});
