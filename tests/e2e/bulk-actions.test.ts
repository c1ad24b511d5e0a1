/**
 * Bulk actions on the lists as an admin uses them in Chromium (shared/table/DataTable
 * `selection`): 3 of 4 searched students deleted with one confirmation naming the count and one
 * summary (no toast per record); 3 selected users deleted through httpsDeleteUser, the admin
 * among them left with its reason; a
 * selection of every row matching a search, over two pages, exported to CSV; 5 pending orders
 * approved at once while another admin approves one of them: 4 approved, 1 skipped with its
 * reason. Each file's own records (a token in their names), removed afterwards.
 */
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { adminApp, createAccount, deleteAccount, uniqueEmail, uniqueId } from '../support/backend';
import { adminSession, gotoInApp, type AdminSession } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { studentRecord } from '../integration/peopleFixtures';
import { orderRecord } from '../support/orderFixture';

const DAY = 86_400_000;
const token = uniqueId('bulk');
const studentIds = Array.from({ length: 10 }, (_, i) => `${token}-s${i}`);
const orderIds = Array.from({ length: 5 }, (_, i) => `-${token}-o${i}`.slice(0, 28));
let session: AdminSession;

/** Student i's name: the first 4 are for the delete, the other 6 for the export. */
const nameOf = (i: number) => `${i < 4 ? 'Del' : 'Exp'} ${token} ${i}`;

beforeAll(async () => {
  const now = Date.now();
  await writeWithDerived({
    students: Object.fromEntries(
      studentIds.map((id, i) => [
        id,
        {
          ...studentRecord(nameOf(i)),
          id,
          email: `${id}@tuition.test`.toLowerCase(),
          createdAt: now - i * 1000,
        },
      ]),
    ),
    orders: Object.fromEntries(
      orderIds.map((id, i) => [
        id,
        orderRecord(id, now - 3 * DAY, {
          studentName: `Child ${token}`,
          studentEmail: 'parent@tuition.test',
          tutorName: 'Bulk Tutor',
          tutorEmail: 'bulk.tutor@tuition.test',
          total: 100 + i,
          expiredDate: now + 60 * DAY,
        }),
      ]),
    ),
  });
  session = await adminSession('bulk-admin');
});

afterAll(async () => {
  await session?.close();
  await removeWithDerived({ students: studentIds, orders: orderIds });
});

describe('bulk actions', () => {
  it('deletes 3 selected students after one confirmation naming the count', async () => {
    const { page } = session;
    await gotoInApp(page, `/students?q=${encodeURIComponent(`Del ${token}`)}`);
    for (const i of [0, 1, 2])
      await page.getByRole('checkbox', { name: `Select ${nameOf(i)}` }).check();
    await page.getByText('3 rows selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This will permanently delete 3 records.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // One summary, in a status region (announced), not a toast per record.
    await dialog.getByRole('status').getByText('3 students deleted.', { exact: true }).waitFor();
    expect(await page.getByText('The student was deleted.').count()).toBe(0);
    const db = getDatabase(adminApp());
    await expect
      .poll(async () =>
        Promise.all(
          studentIds.slice(0, 4).map(async (id) => (await db.ref(`students/${id}`).get()).exists()),
        ),
      )
      .toEqual([false, false, false, true]);
    await page.getByRole('cell', { name: nameOf(3), exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('cell', { name: nameOf(0), exact: true }).count())
      .toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('No rows selected').waitFor();
    expect(await page.getByText('The student was deleted.').count()).toBe(0);
  });

  it(
    'deletes selected users through httpsDeleteUser, leaving an admin with the reason',
    {
      timeout: 150_000,
    },
    async () => {
      const { page, admin } = session;
      const [staffA, staffB, otherAdmin] = await Promise.all(
        ['a', 'b', 'c'].map((n, i) =>
          createAccount({
            email: uniqueEmail(`bulk-user-${n}`),
            isAdmin: i === 2,
            record: { name: `User ${token} ${n}` },
          }),
        ),
      );
      const accounts = [staffA!, staffB!, otherAdmin!];
      try {
        await gotoInApp(page, `/users?q=${encodeURIComponent(`User ${token}`)}`);
        await page.getByRole('cell', { name: `User ${token} c`, exact: true }).waitFor();
        // The signed-in admin is not listed, so cannot be selected.
        expect(
          await page.getByRole('checkbox', { name: `Select ${admin.record?.name}` }).count(),
        ).toBe(0);
        await page.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
        await page.getByText('3 rows selected').waitFor();
        await page.getByRole('button', { name: 'Delete selected' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('This will permanently delete 3 records.').waitFor();
        await dialog.getByRole('button', { name: 'Delete' }).click();
        const status = dialog.getByRole('status');
        // Two calls of httpsDeleteUser, one after the other; a cold function instance takes 20 s
        // and more on a loaded 2-core machine.
        await expect
          .poll(() => status.textContent(), { timeout: 90_000 })
          .toMatch(/^2 users deleted; 1 not deleted:/);
        await status
          .getByRole('listitem')
          .filter({ hasText: `User ${token} c` })
          .getByText('an admin: withdraw their admin role first, then delete', { exact: false })
          .waitFor();
        expect(await page.getByText('The user was deleted.').count()).toBe(0);
        const db = getDatabase(adminApp());
        const auth = getAuth(adminApp());
        const left = await Promise.all(
          accounts.map(async (a) => (await db.ref(`users/${a.uid}`).get()).exists()),
        );
        expect(left).toEqual([false, false, true]);
        // The accounts went with the records, as httpsDeleteUser does for a single delete.
        for (const a of [staffA!, staffB!]) {
          await expect(auth.getUser(a.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
        }
        await dialog.getByRole('button', { name: 'Close' }).click();
        await page.getByText('No rows selected').waitFor();
      } finally {
        await Promise.all(accounts.map((a) => deleteAccount(a.uid)));
      }
    },
  );

  it('selects every row matching a search, over two pages, and exports them', async () => {
    const { page } = session;
    await gotoInApp(page, `/students?q=${encodeURIComponent(`Exp ${token}`)}&size=5`);
    await page.getByRole('cell', { name: nameOf(4), exact: true }).waitFor();
    // The header selects the page (5 rows); then all 6 matching.
    await page.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    await page.getByText('5 rows selected').waitFor();
    await page.getByRole('button', { name: 'Select all 6 matching' }).click();
    await page.getByText('6 rows selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export selected' }).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.Name).sort()).toEqual([4, 5, 6, 7, 8, 9].map(nameOf).sort());
  });

  it('approves 5 pending orders, skipping the one another admin approved meanwhile', async () => {
    const { page } = session;
    await gotoInApp(page, `/orders?q=${encodeURIComponent(`Child ${token}`)}`);
    await page.getByRole('link', { name: orderIds[0], exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    await page.getByText('5 rows selected').waitFor();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve selected orders' });
    await dialog.getByText('Approve the 5 selected orders?', { exact: false }).waitFor();
    // Another admin approves one while this dialog is open.
    const raced = orderIds[2]!;
    await getDatabase(adminApp())
      .ref(`orders/${raced}`)
      .update({ status: 'approved', updatedAt: Date.now() });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByText('4 orders approved, 1 skipped.').waitFor({ timeout: 30_000 });
    await dialog
      .getByRole('listitem')
      .filter({ hasText: raced })
      .getByText('This order was already approved by someone else.')
      .waitFor();
    const db = getDatabase(adminApp());
    const statuses = await Promise.all(
      orderIds.map(async (id) => (await db.ref(`orders/${id}/status`).get()).val() as string),
    );
    expect(statuses).toEqual(Array(5).fill('approved'));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('No rows selected').waitFor();
  });
});
