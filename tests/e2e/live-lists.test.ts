/**
 * Lists stay live: two admins in two browser contexts. What one does (approve
 * an order, change a subject's price, delete a student) appears in the other's open lists, each
 * in its own tab, within a second and without a reload. Records are made with unique names and
 * removed afterwards.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../emulators/seed/build';
import { studentRecord } from '../integration/peopleFixtures';
import {
  deleteAccount,
  removePaths,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { adminSession, closeBrowser } from '../support/browser';
import { orderRecord } from '../support/orderFixture';

/**
 * How long a test waits for another admin's change to show in an open list, without a reload.
 * The product's figure (under 1 s; p95 158-236 ms quiet at 50,000 rows) is measured by
 * `bench/scale.ts` ("a remote change visible in an open list"); here the change goes through a
 * database trigger on 2 cores shared with the other workers and Chromium, where a 1 s deadline
 * failed a CI run at 13 s of file time.
 */
const LIVE_MS = 10_000;
const DAY = 86_400_000;
const tag = uniqueId('live').replaceAll('-', '').slice(-10);
const orderId = uniqueId('live-order').slice(0, 24);
const studentId = uniqueId('live-student');
const subjectId = uniqueId('live-subject');
const studentName = `Live Student ${tag}`;
const subjectName = `Live Subject ${tag}`;
const accounts: TestAccount[] = [];
const pages: Page[] = [];

/**
 * The text of a record's row in a DataTable and, where columns did not fit the table's width, of
 * the line below it that shows their values (a `tr.row-more` right after the row).
 */
function recordText(row: Locator): Promise<string> {
  return row.evaluate((tr) => {
    const next = tr.nextElementSibling;
    const more = next?.classList.contains('row-more') ? (next.textContent ?? '') : '';
    return `${tr.textContent ?? ''} ${more}`;
  });
}

/** Another tab of the admin signed in on `first` (same browser context). */
async function tab(first: Page): Promise<Page> {
  const page = await first.context().newPage();
  pages.push(page);
  return page;
}

/**
 * Opens `url`, narrows its table to this test's records and marks the document, so the end of
 * the test can tell that it was never reloaded.
 */
async function openList(page: Page, url: string): Promise<Page> {
  await page.goto(url);
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await page.evaluate('window.__sameDocument = true');
  return page;
}

beforeAll(async () => {
  const subject = Object.values(buildDemoData({ seed: 16 }).subjects)[0]!;
  const createdAt = Date.now() - 3 * DAY;
  await writeRecords({
    [`students/${studentId}`]: { ...studentRecord(studentName), id: studentId },
    [`subjects/${subjectId}`]: {
      ...subject,
      id: subjectId,
      name: subjectName,
      order: 990_000,
      settings: { ...subject.settings, originalPrice: 40, salePrice: null },
    },
    [`orders/${orderId}`]: orderRecord(orderId, createdAt, {
      studentName: `Order Student ${tag}`,
      studentEmail: 'live.student@tuition.test',
      tutorName: 'Live Tutor',
      tutorEmail: 'live.tutor@tuition.test',
      subjectName,
      total: 160,
      status: 'paid',
      expiredDate: Date.now() + 30 * DAY,
    }),
  });
});

afterAll(async () => {
  await closeBrowser();
  await removePaths(`students/${studentId}`, `subjects/${subjectId}`, `orders/${orderId}`);
  await Promise.all(accounts.map((account) => deleteAccount(account.uid)));
});

describe('two admins', () => {
  it("an approval, a price change and a delete by one appear in the other's open lists", async () => {
    const one = await adminSession('live-one');
    const other = await adminSession('live-other');
    accounts.push(one.admin, other.admin);

    // The lists follow their rows through the database's REST streaming, requested by the list
    // worker off the page's main thread (shared/listStream), not through the SDK's socket.
    const streams: string[] = [];
    other.page.context().on('request', (request) => {
      if (request.headers().accept?.includes('text/event-stream'))
        streams.push(new URL(request.url()).pathname);
    });

    // The other admin has three lists open, one per tab.
    const ordersTab = await openList(other.page, '/orders');
    const subjectsTab = await openList(await tab(other.page), '/subjects');
    const studentsTab = await openList(await tab(other.page), '/students');
    const orderRow = ordersTab.getByRole('row').filter({ hasText: orderId });
    await orderRow.getByRole('button', { name: `Approve order ${orderId}` }).waitFor();
    // The search leaves this subject alone in the table; its price may sit in the line below
    // its row when the column does not fit.
    const subjectTable = subjectsTab.getByRole('table', { name: 'Subjects' });
    await subjectTable.getByText(subjectName).waitFor();
    await expect.poll(() => subjectTable.textContent()).toMatch(/40\.00/);
    const studentRow = studentsTab.getByRole('row').filter({ hasText: studentName });
    await studentRow.waitFor();
    // The first page comes by the SDK's query and can show before the worker's stream opens.
    await expect
      .poll(() => streams)
      .toEqual(expect.arrayContaining(['/lists/orders.json', '/lists/students.json']));
    await expect
      .poll(() => studentsTab.workers().map((worker) => worker.url()))
      .toEqual([expect.stringMatching(/listWorker/)]);

    // 1. Approval.
    const p = one.page;
    await openList(p, '/orders');
    await p.getByRole('button', { name: `Approve order ${orderId}` }).click();
    await p
      .getByRole('dialog', { name: 'Approve order' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await p.getByRole('button', { name: `View QR of order ${orderId}` }).waitFor();
    await orderRow
      .getByRole('button', { name: `View QR of order ${orderId}` })
      .waitFor({ timeout: LIVE_MS });
    // The status may sit in the line below the row when its column does not fit the width.
    expect(await recordText(orderRow)).toContain('Approved');

    // 2. A price change (the subject's settings tab).
    await p.goto(`/subjects/${subjectId}`);
    await p.getByRole('tab', { name: 'Settings' }).click();
    const panel = p.getByRole('tabpanel', { name: 'Settings' });
    await panel.getByLabel('Original price').fill('55');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await p
      .getByText(/updated successfully/i)
      .first()
      .waitFor();
    await expect
      .poll(() => subjectTable.textContent(), { timeout: LIVE_MS, interval: 20 })
      .toMatch(/55\.00/);

    // 3. A delete.
    await openList(p, '/students');
    await p.getByRole('button', { name: `Delete ${studentName}` }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await p.getByText('The student was deleted.').waitFor();
    await studentRow.waitFor({ state: 'detached', timeout: LIVE_MS });

    // None of the other admin's tabs was reloaded.
    for (const page of [ordersTab, subjectsTab, studentsTab]) {
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
    }
  });
});
