/**
 * What an admin needs to follow an order, in Chromium against the local backend: from an order
 * to its student and its own page (fields, payment link to copy, history from the audit log);
 * the approval dialog saying an order has expired; the status and expiry filters kept in the URL,
 * and the dashboard's figures opening the rows they count. English and Spanish, 1280 and 390 px.
 * Records are made with unique ids and removed afterwards.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/features/orders/types';
import { isExpiryCandidate, isPendingApproval } from '@/shared/domain/derived/stats';
import {
  adminApp,
  createAccount,
  deleteAccount,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  repairDerivedNodes,
} from '../support/backend';
import { closeBrowser, gotoInApp, signedInPage, type PageOptions } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { studentRecord } from '../integration/peopleFixtures';
import { orderRecord } from '../support/orderFixture';

const DAY = 86_400_000;
const orderIds: string[] = [];
const studentIds: string[] = [];
let admin: TestAccount;

/**
 * The admin's page in `options`' language, signed in once for the file: each test opens its
 * screen inside the running app (gotoInApp), without a load and start of the app per test.
 */
const page = (options: PageOptions = {}): Promise<Page> =>
  signedInPage(admin, { ...options, inApp: true });

/** An order as the rules require it, with its figures (stats/ nodes), as the app writes it. */
async function arrangeOrder(overrides: Partial<Order> = {}): Promise<string> {
  const id = uniqueId('e2e').slice(0, 24);
  orderIds.push(id);
  const createdAt = Date.now() - 3 * DAY;
  await writeWithDerived({
    orders: {
      [id]: orderRecord(id, createdAt, {
        studentName: 'Child Name',
        studentEmail: 'parent@tuition.test',
        tutorName: 'E2E Tutor',
        tutorEmail: 'e2e.tutor@tuition.test',
        status: 'paid',
        expiredDate: Date.now() + 60 * DAY,
        ...overrides,
      }),
    },
  });
  return id;
}

/** The row of `id` on the orders list (its id cell holds the link to the order). */
const rowOf = (p: Page, id: string) =>
  p.getByRole('row').filter({ has: p.getByRole('link', { name: id, exact: true }) });

/** Opens /orders filtered down to one order by its id. */
async function findOrder(p: Page, id: string, search = 'Search') {
  await gotoInApp(p, `/orders?q=${encodeURIComponent(id)}`);
  await rowOf(p, id).waitFor();
  expect(await p.getByLabel(search).inputValue()).toBe(id);
}

/** The page scrolls sideways by this many CSS px (0: everything fits the width). */
const sideways = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  // The dashboard's figures are compared with the orders: start from books that match them.
  await repairDerivedNodes();
  admin = await createAccount({ email: uniqueEmail('orders-day'), isAdmin: true });
});

afterAll(async () => {
  await closeBrowser();
  if (orderIds.length) await removeWithDerived({ orders: orderIds });
  if (studentIds.length) await removeWithDerived({ students: studentIds });
  if (admin) await deleteAccount(admin.uid);
});

describe('an order traced to its student', () => {
  it('the list names the student and the account, and links to the student and the order', async () => {
    const email = uniqueEmail('parent');
    const studentId = uniqueId('e2e-student');
    studentIds.push(studentId);
    await writeWithDerived({
      students: {
        [studentId]: {
          ...studentRecord('Parent Name'),
          id: studentId,
          email,
          isParent: 1,
          studentName: 'Child Name',
        },
      },
    });
    const id = await arrangeOrder({ studentEmail: email });
    const p = await page();
    await findOrder(p, id);
    const table = p.getByRole('table', { name: 'Orders' });
    expect(await table.getByRole('columnheader', { name: /Account e-mail/ }).count()).toBe(1);
    const row = rowOf(p, id);
    expect(await row.getByRole('cell', { name: email }).count()).toBe(1);

    // The student's name leads to the student's record.
    await row.getByRole('link', { name: 'Child Name' }).click();
    await p.waitForURL((url) => url.pathname === '/students');
    const students = p.getByRole('table', { name: 'Students' });
    await students.getByRole('cell', { name: 'Parent Name' }).first().waitFor();
    expect(await students.getByRole('row').count()).toBe(2);

    // The id leads to the order's page.
    await p.goBack();
    await rowOf(p, id).getByRole('link', { name: id, exact: true }).click();
    await p.waitForURL((url) => url.pathname === `/orders/${id}`);
    await p.getByRole('heading', { name: 'Order', level: 1 }).waitFor();
    expect(await p.getByRole('link', { name: 'Child Name' }).getAttribute('href')).toBe(
      `/students?q=${encodeURIComponent(email)}&all=1`,
    );
  });

  it('the order page shows its fields, a payment link to copy and its history', async () => {
    const id = await arrangeOrder();
    const p = await page();
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoInApp(p, `/orders/${id}`);
    await p.getByRole('heading', { name: 'Order', level: 1 }).waitFor();
    const field = (name: string) => p.locator('dt', { hasText: name }).locator('+ dd');
    expect(await field('Account e-mail').textContent()).toBe('parent@tuition.test');
    expect(await field('Student').textContent()).toBe('Child Name');
    expect(await field('Status').textContent()).toBe('Paid');

    const link = p.getByLabel('Payment link to send to the customer');
    const expected = `${new URL(p.url()).origin}/payment/${id}/240.50`;
    expect(await link.inputValue()).toBe(expected);
    await p.getByRole('button', { name: 'Copy link' }).click();
    await p.getByText('Link copied.').waitFor();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(expected);

    const history = p.getByRole('region', { name: 'History' });
    await history.getByText('Order placed').waitFor();
    // And its creation, recorded by the server: the fixture is written through the Admin SDK.
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);

    // Approved here, the page and its history follow.
    await p.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Approve order' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await history.getByText(`Approved by ${admin.email.split('@')[0]}`).waitFor();
    await history.getByText('Status: Paid → Approved').waitFor();
    await p.getByRole('button', { name: 'View QR' }).waitFor();
    // On failure the page's text shows instead, to tell what replaced the field.
    await expect
      .poll(
        () =>
          field('Status')
            .textContent({ timeout: 2_000 })
            .catch(() => p.locator('body').innerText()),
        { timeout: 20_000 },
      )
      .toBe('Approved');
  });

  it('in Spanish at 390 px, labelled in Spanish and within the width', async () => {
    const id = await arrangeOrder();
    const p = await page({ locale: 'es', width: 390 });
    await gotoInApp(p, `/orders/${id}`);
    await p.getByRole('heading', { name: 'Pedido', level: 1 }).waitFor();
    await p.getByRole('region', { name: 'Historial' }).getByText('Pedido realizado').waitFor();
    expect(await p.locator('dt', { hasText: 'Correo de la cuenta' }).count()).toBe(1);
    expect(await p.getByRole('button', { name: 'Copiar enlace' }).count()).toBe(1);
    expect(await sideways(p)).toBe(0);
  });
});

describe('approving an expired order', () => {
  const expiredOn = Date.now() - 8 * DAY;

  it.each([
    ['en', 'Approve order', 'Approve order', 'This order expired on', 'en-US'],
    ['es', 'Aprobar pedido', 'Aprobar el pedido', 'Este pedido caducó el', 'es'],
  ])('%s: the dialog says when it expired', async (locale, title, approve, text, dateLocale) => {
    const expired = await arrangeOrder({ status: 'pending', expiredDate: expiredOn });
    const current = await arrangeOrder({ status: 'pending' });
    const p = await page({ locale });
    const search = locale === 'es' ? 'Buscar' : 'Search';

    await findOrder(p, expired, search);
    await rowOf(p, expired)
      .getByRole('button', { name: `${approve} ${expired}` })
      .click();
    const dialog = p.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const date = new Intl.DateTimeFormat(dateLocale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(expiredOn);
    expect(await dialog.textContent()).toContain(`${text} ${date}`);
    await dialog.getByRole('button', { name: locale === 'es' ? 'Cancelar' : 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // An order still valid is approved without the warning.
    await findOrder(p, current, search);
    await rowOf(p, current)
      .getByRole('button', { name: `${approve} ${current}` })
      .click();
    await dialog.waitFor();
    expect(await dialog.textContent()).not.toContain(text);
  });
});

describe('orders filtered by status and expiry, from the dashboard', () => {
  it('the status filter is kept in the URL and survives a reload', async () => {
    const subject = uniqueId('Subject');
    const pending = await arrangeOrder({ status: 'pending', subjectName: subject });
    const approved = await arrangeOrder({ status: 'approved', subjectName: subject });
    const p = await page();
    await gotoInApp(p, `/orders?q=${subject}`);
    await rowOf(p, approved).waitFor();
    await p.getByLabel('Status').selectOption({ label: 'Waiting for approval (pending or paid)' });
    await p.waitForURL((url) => url.searchParams.get('status') === 'waiting');
    await rowOf(p, approved).waitFor({ state: 'detached' });
    expect(await rowOf(p, pending).count()).toBe(1);
    expect(new URL(p.url()).searchParams.get('q')).toBe(subject);

    await p.reload();
    await rowOf(p, pending).waitFor();
    expect(await p.getByLabel('Status').inputValue()).toBe('waiting');
    expect(await rowOf(p, approved).count()).toBe(0);
  });

  it.each([
    ['en', 'Pending approvals', 'Orders expiring in 14 days', 'Dashboard', 'records'],
    ['es', 'Aprobaciones pendientes', 'Pedidos que caducan en 14 días', 'Panel', 'registros'],
  ])(
    '%s: each order figure of the dashboard opens the orders it counts',
    async (locale, pendingTile, expiringTile, dashboard, records) => {
      await arrangeOrder({ status: 'pending' });
      await arrangeOrder({ status: 'paid', expiredDate: Date.now() + 5 * DAY });
      await arrangeOrder({ status: 'approved', expiredDate: Date.now() + 2 * DAY });
      // What each figure should count, from the orders as stored (its `stats/` nodes are
      // written by the server's triggers, a moment after the orders).
      const stored = Object.values(
        ((await getAdminDatabase(adminApp()).ref('orders').get()).val() ?? {}) as Record<
          string,
          Order
        >,
      );
      const now = Date.now();
      const expected = {
        [pendingTile]: stored.filter(isPendingApproval).length,
        [expiringTile]: stored.filter(
          (o) => isExpiryCandidate(o) && o.expiredDate > now && o.expiredDate <= now + 14 * DAY,
        ).length,
      };
      const p = await page({ locale });
      for (const tile of [pendingTile, expiringTile]) {
        const count = expected[tile]!;
        expect(count).toBeGreaterThan(0);
        await gotoInApp(p, '/');
        await p.getByRole('heading', { name: dashboard, level: 1 }).waitFor();
        const group = p.getByRole('group', { name: tile });
        await expect
          .poll(
            async () => Number((await group.locator('.title').textContent())?.replace(/\D/g, '')),
            { timeout: 30_000 },
          )
          .toBe(count);
        await group.getByRole('link').click();
        await p.waitForURL((url) => url.pathname === '/orders');
        // The list's own count of its rows ('3 records'; '1 record').
        const word = count === 1 ? records.slice(0, -1) : records;
        await p.getByText(`${count} ${word}`, { exact: true }).waitFor();
      }
    },
  );
});
