/**
 * Following a list (shared/rtdb `watch`) against the local backend, through the real web SDK
 * signed in as an admin, both with the SDK's listeners and through REST streaming: the first page arrives by its indexed query before the
 * whole list, the whole list then comes as one batch, and a change by another client arrives as a
 * batch of just that row; after `stop` nothing more arrives. A first page read early (a list
 * screen opened directly) is what the next watch shows first, once. The students' records here
 * are dated in the far future, so they are the newest rows of `lists/students`.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { get, ref } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPath } from '@/shared/domain/derived/listRows';
import { rtdbEntityApi, type WatchBatch } from '@/shared/rtdb';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  removePaths,
  signedInWebApp,
  uniqueId,
  writeRecords,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { studentRecord } from './peopleFixtures';

type Row = { id: string; name?: string; createdAt?: number };

const COUNT = 8;
const PAGE = 3;
/** Far in the future: newer than any other test's student. */
const BASE = 4_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const ids = Array.from({ length: COUNT }, (_, i) => `${uniqueId('watch')}-${i}`);
/** The same for the test through REST streaming, dated after them. */
const streamIds = Array.from({ length: COUNT }, (_, i) => `${uniqueId('stream')}-${i}`);
/** The early read's test: three students newer than those above. */
const EARLY_BASE = BASE + 1_000;
const earlyIds = Array.from({ length: 3 }, (_, i) => `${uniqueId('early')}-${i}`);

let admin: TestAccount;
let web: WebApp;

beforeAll(async () => {
  admin = await createAccount({ isAdmin: true });
  web = await signedInWebApp(admin.email, admin.password);
  await writeRecords(
    Object.fromEntries(
      [...ids, ...streamIds].map((id, i) => [
        `students/${id}`,
        { ...studentRecord(`Watched ${i % COUNT}`), id, createdAt: BASE + i },
      ]),
    ),
  );
});

afterAll(async () => {
  await removePaths(
    ...[...ids, ...streamIds, ...earlyIds].map((id) => `students/${id}`),
    `${listPath('students')}/${earlyIds[2]}`,
  );
  await web?.close();
  if (admin) await deleteAccount(admin.uid);
});

/**
 * Starts `api.watch`, recording its batches (and its errors into `errors`), and resolves once the
 * whole list (the initial batch) has arrived, within 10 s.
 */
async function watchUntilWhole(api: ReturnType<typeof rtdbEntityApi<Row>>, errors: Error[] = []) {
  const batches: WatchBatch<Row>[] = [];
  const stop = api.watch!(
    (batch) => batches.push(batch),
    (error) => errors.push(error),
  );
  await expect.poll(() => batches.some((b) => b.initial), { timeout: 10_000 }).toBe(true);
  return { batches, errors, stop };
}

/**
 * The two ways a list is followed: the SDK's listeners, and the REST streaming the app uses in a
 * browser (in the list worker there; here the same code in this thread).
 */
const FOLLOWS = [
  { follow: 'the SDK', stream: false, rows: ids, base: BASE },
  { follow: 'REST streaming', stream: true, rows: streamIds, base: BASE + COUNT },
] as const;

describe.each(FOLLOWS)('watch through $follow', ({ stream, rows: ids, base }) => {
  it('first page by its query, then the whole list, then one changed row; stop detaches', async () => {
    const api = rtdbEntityApi<Row>('students', {
      connect: async () => web.database,
      listPath: listPath('students'),
      firstPage: { orderBy: 'createdAt', size: PAGE },
      stream,
      emulator: `${backend.database.host}:${backend.database.port}`,
    });
    // Connected first, as in the app (the dashboard has read before a list opens): requests
    // queued before the connection are sent listens first.
    await get(ref(web.database, `${listPath('students')}/${ids[0]}`));
    const { batches, errors, stop } = await watchUntilWhole(api);
    expect(errors).toEqual([]);

    // The first page: the PAGE newest rows (of both tests' students), before the whole list.
    const first = batches[0]!;
    expect(first.initial).toBe(false);
    expect(first.upserts.map((r) => r.id).sort()).toEqual(streamIds.slice(COUNT - PAGE).sort());
    const whole = batches.find((b) => b.initial)!;
    expect(whole.upserts.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(whole.upserts.find((r) => r.id === ids[0])).toMatchObject({ name: 'Watched 0' });

    // Another client renames one student (its record; the server rewrites the row). Other test
    // files add and remove students meanwhile, so the batch carrying this row is looked for.
    const count = batches.length;
    await writeRecords({
      [`students/${ids[1]}`]: { ...studentRecord('Renamed'), id: ids[1], createdAt: base + 1 },
    });
    const renamed = () => batches.slice(count).find((b) => b.upserts.some((r) => r.id === ids[1]));
    await expect.poll(() => renamed(), { timeout: 10_000 }).toBeDefined();
    expect(renamed()!.initial).toBe(false);
    expect(renamed()!.upserts.find((r) => r.id === ids[1])).toMatchObject({ name: 'Renamed' });

    // A delete arrives as a removal; after stop, nothing more.
    await removePaths(`students/${ids[2]}`);
    await expect
      .poll(() => batches.slice(count + 1).some((b) => b.removals.includes(ids[2]!)))
      .toBe(true);
    stop();
    const after = batches.length;
    // A second watch on the same connection sees the next removal; the stopped one, had it still
    // listened, would have had it first (listeners are called in the order they were added).
    const { batches: witness, stop: stopWitness } = await watchUntilWhole(api, errors);
    await removePaths(`students/${ids[3]}`);
    await expect.poll(() => witness.some((b) => b.removals.includes(ids[3]!))).toBe(true);
    stopWitness();
    expect(batches.length).toBe(after);
    expect(errors).toEqual([]);
  });
});

describe('watch through REST streaming: the rules', () => {
  it('a staff member, whom the rules do not let read the list, gets PERMISSION_DENIED', async () => {
    const staff = await createAccount({ isAdmin: false });
    const staffWeb = await signedInWebApp(staff.email, staff.password);
    try {
      const api = rtdbEntityApi<Row>('students', {
        connect: async () => staffWeb.database,
        listPath: listPath('students'),
        stream: true,
        emulator: `${backend.database.host}:${backend.database.port}`,
      });
      const errors: Error[] = [];
      const batches: WatchBatch<Row>[] = [];
      const stop = api.watch!(
        (batch) => batches.push(batch),
        (error) => errors.push(error),
      );
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(1);
      stop();
      expect(errors[0]).toMatchObject({ code: 'PERMISSION_DENIED' });
      expect(errors[0]!.message).toMatch(/^permission_denied at \/lists\/students/);
      expect(batches).toEqual([]);
    } finally {
      await staffWeb.close();
      await deleteAccount(staff.uid);
    }
  });
});

describe('watch', () => {
  it('shows a first page read early (readFirstPageEarly) instead of reading it again, once', async () => {
    const student = (i: number) => ({
      [`students/${earlyIds[i]}`]: {
        ...studentRecord(`Early ${i}`),
        id: earlyIds[i],
        createdAt: EARLY_BASE + i,
      },
    });
    await writeRecords({ ...student(0), ...student(1) });
    const api = rtdbEntityApi<Row>('students', {
      connect: async () => web.database,
      listPath: listPath('students'),
      firstPage: { orderBy: 'createdAt', size: 2 },
    });
    await api.readFirstPageEarly!();
    // A newer row after the early read: a page read by the watch itself would show it. Written
    // where the server's trigger writes it, so that no other file's trigger events delay it past
    // the early read's 10 s.
    await getAdminDatabase(adminApp())
      .ref(`${listPath('students')}/${earlyIds[2]}`)
      .set({ id: earlyIds[2], name: 'Early 2', createdAt: EARLY_BASE + 2 });
    const firstBatch = async () => {
      const { batches, errors, stop } = await watchUntilWhole(api);
      stop();
      expect(errors).toEqual([]);
      expect(batches.find((b) => b.initial)!.upserts.map((r) => r.id)).toContain(earlyIds[2]);
      return batches[0]!.upserts.map((r) => r.id).sort();
    };
    // The early page first, then the whole list.
    expect(await firstBatch()).toEqual(earlyIds.slice(0, 2).sort());
    // Taken once: the next watch reads the page itself.
    expect(await firstBatch()).toEqual(earlyIds.slice(1).sort());
  });
});
