/**
 * The audit log through the real web SDK, Cloud Functions and the local backend
 * under database.rules.json: every kind of back-office change leaves one `auditLog` entry naming
 * who (the admin's uid), when (the server's time), which record, and the changed fields before
 * and after; a change the rules refuse leaves no entry (they are one multi-path write).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { approveOrderInDatabase } from '@/features/orders/approval';
import { setConfirmedTutor } from '@/features/matching/matchingApi';
import type { School } from '@/features/schools/types';
import { AUDIT_ENTRY_MAX_BYTES, type AuditEntry } from '@/shared/domain/audit';
import { rtdbEntityApi } from '@/shared/rtdb';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  postDatabaseEvent,
  removePaths,
  signedInWebApp,
  triggersSettled,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { studentRecord, tutorRecord } from './peopleFixtures';

const db = () => getAdminDatabase(adminApp());
let admin: TestAccount;
let nonAdmin: TestAccount;
let adminWeb: WebApp;
let nonAdminWeb: WebApp;
const cleanup: string[] = [];

/** The entries about `recordId`, oldest first (read with admin rights), registered for cleanup. */
async function entriesOf(recordId: string): Promise<AuditEntry[]> {
  await triggersSettled();
  const snap = await db().ref('auditLog').orderByChild('recordId').equalTo(recordId).get();
  const entries: AuditEntry[] = [];
  snap.forEach((child) => {
    entries.push({ ...(child.val() as Omit<AuditEntry, 'id'>), id: child.key as string });
  });
  cleanup.push(...entries.map((e) => `auditLog/${e.id}`));
  // Push ids sort by time in code-unit order (not localeCompare's collation).
  return entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The one new entry about `recordId` since `known` were read; checks who (by default the admin
 * signed in to the app: `app_user` with its uid; `{ authType: 'admin' }` for a server write) and
 * when.
 */
async function newEntry(
  recordId: string,
  known: number,
  startedAt: number,
  who: { authType: string; by?: string } = { authType: 'app_user', by: admin.uid },
) {
  const entries = await entriesOf(recordId);
  expect(entries).toHaveLength(known + 1);
  const entry = entries.at(-1) as AuditEntry;
  expect(entry.authType).toBe(who.authType);
  expect(entry.by).toBe(who.by);
  expect(entry.at).toBeGreaterThanOrEqual(startedAt - 1000);
  expect(entry.at).toBeLessThanOrEqual(Date.now() + 1000);
  return entry;
}

/** A school as stored before its optional second address line was ever set. */
type StoredSchool = Omit<School, 'address2'> & { address2?: string };

const school: Omit<StoredSchool, 'id'> = {
  name: 'Audit School',
  countryId: 'SG',
  address1: '1 Audit Road',
  postcode: '123456',
  isObsolete: false,
  order: 0,
  createdAt: 1_700_000_000_000,
};

beforeAll(async () => {
  [admin, nonAdmin] = await Promise.all([
    createAccount({ email: uniqueEmail('audit-admin'), isAdmin: true }),
    createAccount({ email: uniqueEmail('audit-user') }),
  ]);
  [adminWeb, nonAdminWeb] = await Promise.all([
    signedInWebApp(admin.email, admin.password),
    signedInWebApp(nonAdmin.email, nonAdmin.password),
  ]);
});

afterAll(async () => {
  await Promise.all([adminWeb?.close(), nonAdminWeb?.close()]);
  await Promise.all([admin, nonAdmin].map((a) => a && deleteAccount(a.uid)));
  if (cleanup.length > 0) await removePaths(...cleanup);
});

describe('entity records (rtdbEntityApi)', () => {
  const schools = () =>
    rtdbEntityApi<StoredSchool>('schools', {
      orderBy: 'order',
      connect: async () => adminWeb.database,
    });

  it('create, update and delete each leave an entry with the changed fields', async () => {
    const startedAt = Date.now();
    const created = await schools().create(school);
    cleanup.push(`schools/${created.id}`);
    const onCreate = await newEntry(created.id, 0, startedAt);
    expect(onCreate).toMatchObject({ entity: 'schools', recordId: created.id, action: 'create' });
    expect(onCreate.before).toBeUndefined();
    expect(onCreate.after).toEqual({ ...school, id: created.id });

    // The form sends every field; only the name changed.
    await schools().modify({ id: created.id, changes: { ...school, name: 'Audit School 2' } });
    const onUpdate = await newEntry(created.id, 1, startedAt);
    expect(onUpdate).toMatchObject({ action: 'update', entity: 'schools' });
    expect(onUpdate.before).toEqual({ name: 'Audit School' });
    expect(onUpdate.after).toEqual({ name: 'Audit School 2' });

    // A field set for the first time has no before.
    await schools().modify({ id: created.id, changes: { address2: 'Singapore' } });
    const onAdd = await newEntry(created.id, 2, startedAt);
    expect(onAdd.before).toBeUndefined();
    expect(onAdd.after).toEqual({ address2: 'Singapore' });

    await schools().remove(created.id);
    const onDelete = await newEntry(created.id, 3, startedAt);
    expect(onDelete.action).toBe('delete');
    expect(onDelete.before).toEqual({
      ...school,
      name: 'Audit School 2',
      address2: 'Singapore',
      id: created.id,
    });
    expect(onDelete.after).toBeUndefined();
    expect((await db().ref(`schools/${created.id}`).get()).exists()).toBe(false);
  });

  it('an update that changes nothing writes no entry', async () => {
    const created = await schools().create(school);
    cleanup.push(`schools/${created.id}`);
    await schools().modify({ id: created.id, changes: { name: school.name } });
    expect(await entriesOf(created.id)).toHaveLength(1);
  });

  it('a change the rules refuse leaves neither the record nor an entry', async () => {
    const id = uniqueId('audit-refused');
    // Refused by the record's shape (countryId must be two capitals), even for an admin.
    await expect(schools().create({ ...school, id, countryId: 'Singapore' })).rejects.toThrow(
      /permission.denied/i,
    );
    // Refused for a non-admin.
    const asUser = rtdbEntityApi<StoredSchool>('schools', {
      orderBy: 'order',
      connect: async () => nonAdminWeb.database,
    });
    await expect(asUser.create({ ...school, id })).rejects.toThrow(/permission.denied/i);
    expect((await db().ref(`schools/${id}`).get()).exists()).toBe(false);
    expect(await entriesOf(id)).toHaveLength(0);
  });
});

describe('order approval', () => {
  it('records the status and updatedAt before and after', async () => {
    const id = uniqueId('audit-order');
    const order = {
      total: 100,
      qty: 4,
      qtyLeft: 4,
      status: 'pending',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    };
    await db().ref(`orders/${id}`).set(order);
    cleanup.push(`orders/${id}`);
    // Its creation through the Admin SDK is recorded first.
    const known = (await entriesOf(id)).length;
    const startedAt = Date.now();
    const approved = await approveOrderInDatabase(adminWeb.database, id);
    const entry = await newEntry(id, known, startedAt);
    expect(entry).toMatchObject({ entity: 'orders', action: 'approve' });
    expect(entry.before).toEqual({ status: 'pending', updatedAt: 1_700_000_000_000 });
    expect(entry.after).toEqual({ status: 'approved', updatedAt: approved.updatedAt });
  });
});

describe('matching', () => {
  it('records the confirmed tutor before and after on the student', async () => {
    const [s, t1, t2] = [uniqueId('audit-stu'), uniqueId('audit-t1'), uniqueId('audit-t2')];
    await writeRecords({
      [`students/${s}`]: studentRecord(),
      [`tutors/${t1}`]: tutorRecord('T1'),
      [`tutors/${t2}`]: tutorRecord('T2'),
    });
    onTestFinished(() => removePaths(`students/${s}`, `tutors/${t1}`, `tutors/${t2}`));
    const known = (await entriesOf(s)).length;
    const startedAt = Date.now();
    await setConfirmedTutor(adminWeb.database, s, 'maths', t1);
    const first = await newEntry(s, known, startedAt);
    expect(first).toMatchObject({ entity: 'students', action: 'match' });
    expect(first.before).toBeUndefined();
    // The mapping's updatedAt changes with it.
    expect(first.after).toEqual({
      tutorMapping: { maths: { confirmed: t1, updatedAt: expect.any(Number) as number } },
    });

    await setConfirmedTutor(adminWeb.database, s, 'maths', t2);
    const second = await newEntry(s, known + 1, startedAt);
    expect(second.before).toMatchObject({ tutorMapping: { maths: { confirmed: t1 } } });
    expect(second.after).toMatchObject({ tutorMapping: { maths: { confirmed: t2 } } });
  });
});

describe('functions', () => {
  const call = (name: string, payload: object) => httpsCallable(adminWeb.functions, name)(payload);

  // A role is the one write no client may make, so httpsSetAdmin writes it with Admin rights
  // (authType 'admin'); the other functions write as the calling admin (functions/src/databaseAs.ts).
  const server = { authType: 'admin' };

  it('httpsSetAdmin records the role before and after', async () => {
    const target = await createAccount({ email: uniqueEmail('audit-role') });
    try {
      const known = (await entriesOf(target.uid)).length;
      const startedAt = Date.now();
      await call('httpsSetAdmin', { uid: target.uid, isAdmin: true });
      const entry = await newEntry(target.uid, known, startedAt, server);
      expect(entry).toMatchObject({ entity: 'users', action: 'role' });
      expect(entry.before).toEqual({ isAdmin: false });
      expect(entry.after).toEqual({ isAdmin: true });
    } finally {
      await deleteAccount(target.uid);
    }
  });

  it('httpsDeleteUser records the deleted record', async () => {
    const target = await createAccount({ email: uniqueEmail('audit-deleted') });
    try {
      const known = (await entriesOf(target.uid)).length;
      const startedAt = Date.now();
      await call('httpsDeleteUser', { uid: target.uid });
      // Named as the admin who called the function, as a delete made in the app would be.
      const entry = await newEntry(target.uid, known, startedAt);
      expect(entry).toMatchObject({ entity: 'users', action: 'delete' });
      const { logoUrl: _none, ...stored } = target.record as NonNullable<typeof target.record>;
      expect(entry.before).toEqual(stored);
      expect(entry.after).toBeUndefined();
      expect((await db().ref(`users/${target.uid}`).get()).exists()).toBe(false);
    } finally {
      await deleteAccount(target.uid);
    }
  });

  it('httpsImportPeople records each imported record as the admin who imported it', async () => {
    const emails = [uniqueEmail('audit-import-a'), uniqueEmail('audit-import-b')];
    const startedAt = Date.now();
    const { data } = await httpsCallable<
      unknown,
      { outcomes: { status: string; uid: string; reason?: string }[] }
    >(
      adminWeb.functions,
      'httpsImportPeople',
    )({
      kind: 'students',
      rows: emails.map((email) => ({
        name: 'Audit Import',
        email,
        mobile: '+65 9123 4567',
        gender: 'F',
        dob: '31/01/2010',
        countryId: 'sg',
      })),
    });
    const uids = data.outcomes.map((outcome) => outcome.uid);
    // The students' deletion removes their accounts too (functions/src/accounts.ts).
    cleanup.push(...uids.map((uid) => `students/${uid}`));
    expect(
      data.outcomes.map(({ status }) => status),
      JSON.stringify(data.outcomes),
    ).toEqual(['created', 'created']);
    for (const [i, uid] of uids.entries()) {
      const entry = await newEntry(uid, 0, startedAt);
      expect(entry).toMatchObject({ entity: 'students', action: 'create' });
      expect(entry.after).toMatchObject({ email: emails[i], name: 'Audit Import' });
    }
  });
});

describe('writes made without the app', () => {
  const server = { authType: 'admin' };

  it('an Admin SDK write and a REST write as the owner are recorded as the server', async () => {
    const id = uniqueId('audit-admin-sdk');
    cleanup.push(`schools/${id}`);
    const startedAt = Date.now();
    await db()
      .ref(`schools/${id}`)
      .set({ ...school, id });
    await newEntry(id, 0, startedAt, server);
    const response = await fetch(
      `http://${backend.database.host}:${backend.database.port}/schools/${id}.json?ns=${backend.databaseNamespace}`,
      {
        method: 'PATCH',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify({ name: 'By REST' }),
      },
    );
    expect(response.status).toBe(200);
    const entry = await newEntry(id, 1, startedAt, server);
    expect(entry).toMatchObject({ action: 'update', after: { name: 'By REST' } });
  });

  it('a 9 MB record leaves an entry of at most 16 KB, marked as cut', async () => {
    const id = uniqueId('audit-huge');
    cleanup.push(`schools/${id}`);
    const startedAt = Date.now();
    await db()
      .ref(`schools/${id}`)
      .set({ ...school, id, address1: 'x'.repeat(9 * 1024 * 1024) });
    const entry = await newEntry(id, 0, startedAt, server);
    expect(entry.truncated).toBe(true);
    const { id: _key, ...stored } = entry;
    expect(new TextEncoder().encode(JSON.stringify(stored)).length).toBeLessThanOrEqual(
      AUDIT_ENTRY_MAX_BYTES,
    );
    expect(String((entry.after as { address1: string }).address1)).toMatch(/…\[cut\]$/);
  });

  it('a record of 100,000 fields leaves a bounded entry', async () => {
    const id = uniqueId('audit-wide');
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, i]));
    cleanup.push(`levels/${id}`);
    const startedAt = Date.now();
    await db().ref(`levels/${id}`).set(wide);
    const entry = await newEntry(id, 0, startedAt, server);
    expect(entry.truncated).toBe(true);
    const { id: _key, ...stored } = entry;
    expect(new TextEncoder().encode(JSON.stringify(stored)).length).toBeLessThanOrEqual(
      AUDIT_ENTRY_MAX_BYTES,
    );
  });

  it('an event delivered twice leaves one entry and moves the counters once', async () => {
    // An order of a month no other test writes in, so its month's figure is this test's alone.
    const createdAt = Date.UTC(2033, 6, 15);
    const month = `stats/months/2033-07/orders`;
    const id = uniqueId('audit-twice');
    cleanup.push(`orders/${id}`);
    const record = {
      id,
      total: 10,
      qty: 1,
      qtyLeft: 1,
      status: 'pending',
      createdAt,
      updatedAt: createdAt,
    };
    await db().ref(`orders/${id}`).set(record);
    await triggersSettled();
    expect((await db().ref(month).get()).val()).toBe(1);
    // A creation event of the same record, as the Database server sends it, posted twice to the
    // trigger as a retry would: it is handled once.
    const event = {
      id: `redelivered-${id}`,
      time: new Date().toISOString(),
      ref: `orders/${id}`,
      data: null,
      delta: record,
    };
    for (let i = 0; i < 2; i++) {
      const response = await postDatabaseEvent('orders/{id}', event);
      expect(response.status).toBe(200);
    }
    // The real write's entry and the redelivered event's: two, not three.
    expect(await entriesOf(id)).toHaveLength(2);
    expect((await db().ref(month).get()).val()).toBe(2);
    // Removed with admin rights: the month's figure goes back by one per handled creation.
    await db().ref(`orders/${id}`).remove();
    await triggersSettled();
    await db().ref(month).remove();
  });
});
