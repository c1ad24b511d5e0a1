/**
 * Orders and the public pages in Chromium against the local backend (spec 2 Orders,
 * Payment instruction page, route list; spec 4 Order status; spec 6 public pages). Orders are
 * made with unique ids and removed afterwards.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/features/orders/types';
import { hasValidCrc, parseDataObjects } from '@/features/public/paynow';
import {
  adminApp,
  createAccount,
  deleteAccount,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, newPage, signedInPage, signIn } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { orderRecord } from '../support/orderFixture';

const DAY = 86_400_000;
/**
 * The pending card's title: all of them, or the oldest it lists (at most 10) when the tile counts
 * more (here also when a test wrote an order without its queue entry, as "someone else approved"
 * does).
 */
const PENDING_TITLE = /^(Orders|The \d+ oldest of [\d,]+ orders) waiting for approval$/;
/** The orders this file made (removed with their figures afterwards). */
const orderIds: string[] = [];
const pages: Page[] = [];
let admin: TestAccount;

/** A new browser's page (signed out, or signed in by the test), closed after the file. */
async function page(locale = 'en'): Promise<Page> {
  const p = await newPage({ locale });
  pages.push(p);
  return p;
}

/**
 * The admin's page, signed in once for the file's admin tests, each opening its screen inside the
 * running app (gotoInApp: no new load and start of the app per test); closeBrowser closes it.
 */
const adminPage = () => signedInPage(admin, { inApp: true });

async function arrangeOrder(overrides: Partial<Order> = {}): Promise<string> {
  // Short enough for a PayNow reference (at most 25 characters).
  const id = uniqueId('e2e').slice(0, 24);
  orderIds.push(id);
  const createdAt = Date.now() - 3 * DAY;
  // With its figures (stats/ counters and pending queue), as the app writes orders.
  await writeWithDerived({
    orders: {
      // A whole record, as the rules and orders/schema.ts require it (approval rewrites it whole).
      [id]: orderRecord(id, createdAt, {
        studentName: 'E2E Student',
        studentEmail: 'e2e.student@tuition.test',
        tutorName: 'E2E Tutor',
        tutorEmail: 'e2e.tutor@tuition.test',
        status: 'paid',
        expiredDate: Date.now() + 5 * DAY,
        ...overrides,
      }),
    },
  });
  return id;
}

/**
 * The admin's page on a fresh dashboard, with readers of what it shows: a tile's
 * figure (by the tile's name) and the total a card's table names in its title ("... of 1,234 ...").
 */
async function openDashboard() {
  const p = await adminPage();
  await gotoInApp(p, '/');
  await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const tileFigure = async (name: string) =>
    Number(
      (await p.getByRole('group', { name }).locator('.title').textContent())?.replace(
        /[^\d-]/g,
        '',
      ),
    );
  const titledTotal = async (table: Locator) =>
    Number((await table.getAttribute('aria-label'))?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  return { p, tileFigure, titledTotal };
}

const stored = async (id: string) =>
  (await getAdminDatabase(adminApp()).ref(`orders/${id}`).get()).val() as Omit<Order, 'id'>;

/** Opens /orders and filters the list down to one order. */
async function findOrder(p: Page, id: string) {
  await gotoInApp(p, '/orders');
  await p.getByRole('table', { name: 'Orders' }).waitFor();
  await p.getByLabel('Search').fill(id);
  await p.getByRole('cell', { name: id, exact: true }).waitFor();
}

/** Records what a page fetches from the Database server and which Database SDK code it loads. */
function watchDatabase(p: Page) {
  const hits: string[] = [];
  p.on('request', (request) => {
    const url = request.url();
    if (/:9000\b/.test(url) || /firebase_database|@firebase\/database/.test(url)) hits.push(url);
  });
  p.on('websocket', (socket) => {
    if (/:9000\b/.test(socket.url())) hits.push(socket.url());
  });
  return hits;
}

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('orders-admin'), isAdmin: true });
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  if (orderIds.length) await removeWithDerived({ orders: orderIds });
  if (admin) await deleteAccount(admin.uid);
});

describe('orders', () => {
  it('approves an order after confirmation, then shows its QR', async () => {
    const id = await arrangeOrder();
    const p = await page();
    const hits = watchDatabase(p);
    await signIn(p, admin.email, admin.password);
    await findOrder(p, id);
    // The detector used on the public pages below does see an admin page's Database traffic (its
    // connection; the SDK's chunk has no recognisable name in a production build).
    expect(hits.some((url) => /:9000\b/.test(url))).toBe(true);
    const row = p.getByRole('row').filter({ has: p.getByRole('cell', { name: id, exact: true }) });
    // In the row or below it, where the table folds the columns the width has no room for (the
    // search shows this order alone).
    const table = p.getByRole('table', { name: 'Orders' });
    expect(await table.getByText('Expires soon').count()).toBe(1);

    await row.getByRole('button', { name: `Approve order ${id}` }).click();
    const dialog = p.getByRole('dialog', { name: 'Approve order' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(id);
    // It looks like a modal: centred in the window, its card padded (Bulma 1 declares the card's
    // variables on .modal, which our <dialog> is not; without them it sat unpadded at the bottom).
    const layout = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const head = el.querySelector('.modal-card-head')!;
      return {
        gapAbove: box.top,
        gapBelow: window.innerHeight - box.bottom,
        headPadding: parseFloat(getComputedStyle(head).paddingTop),
      };
    });
    expect(Math.abs(layout.gapAbove - layout.gapBelow)).toBeLessThan(2);
    expect(layout.headPadding).toBeGreaterThanOrEqual(16);
    // Nothing happens before the confirmation.
    expect((await stored(id)).status).toBe('paid');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await p.getByText('Order approved successfully.').waitFor();

    const saved = await stored(id);
    expect(saved.status).toBe('approved');
    expect(Math.abs(saved.updatedAt - Date.now())).toBeLessThan(30_000);
    expect(await row.getByText('Approved', { exact: true }).count()).toBe(1);

    await row.getByRole('button', { name: `View QR of order ${id}` }).click();
    const qrDialog = p.getByRole('dialog', { name: 'Order QR code' });
    const qr = qrDialog.getByRole('img', { name: `QR code of order ${id}` });
    await qr.waitFor();
    expect(await qr.getAttribute('width')).toBe('256');
    expect(
      await qrDialog.getByRole('link', { name: 'Open the QR page' }).getAttribute('href'),
    ).toBe(`/qrcode/${id}`);
    await qrDialog.getByRole('button', { name: 'Close' }).click();
    await qrDialog.waitFor({ state: 'hidden' });
    // A click on the backdrop, outside the card, closes it too.
    await row.getByRole('button', { name: `View QR of order ${id}` }).click();
    await qr.waitFor();
    await p.mouse.click(5, 5);
    await qrDialog.waitFor({ state: 'hidden' });
  });

  it('tells the admin when someone else approved the order first', async () => {
    const id = await arrangeOrder({ status: 'pending' });
    const p = await adminPage();
    await findOrder(p, id);
    const row = p.getByRole('row').filter({ has: p.getByRole('cell', { name: id, exact: true }) });
    await row.getByRole('button', { name: `Approve order ${id}` }).click();
    const dialog = p.getByRole('dialog', { name: 'Approve order' });
    await dialog.waitFor();
    // Another admin approves it while this admin is asked to confirm (the list is live, so
    // before the dialog the row would already have shown it approved).
    const approvedAt = Date.now() - 1000;
    await getAdminDatabase(adminApp())
      .ref(`orders/${id}`)
      .update({ status: 'approved', updatedAt: approvedAt });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await p.getByText('This order was already approved by someone else.').waitFor();
    // The row now shows the stored state, and nothing was written twice.
    await row.getByRole('button', { name: `View QR of order ${id}` }).waitFor();
    expect((await stored(id)).updatedAt).toBe(approvedAt);
  });
});

describe('statistics', () => {
  it('shows real figures: the new pending order is counted and listed', async () => {
    const id = await arrangeOrder({ status: 'pending', expiredDate: Date.now() + 10 * DAY });
    const p = await adminPage();
    await gotoInApp(p, '/statistic');
    const list = p.getByRole('table', { name: PENDING_TITLE });
    await list.waitFor();
    await p.getByLabel('Search').first().fill(id);
    await list.getByRole('cell', { name: id, exact: true }).waitFor();
    // Other test files add orders in parallel, so the exact figure is not fixed; it includes ours.
    const tile = p.getByRole('group', { name: 'Pending approvals' });
    expect(
      Number((await tile.locator('.title').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await p
        .getByRole('img', { name: /Chart of orders and revenue over the last 12 months/ })
        .count(),
    ).toBe(1);
  });

  it('the dashboard shows the stored figures and follows them without a reload', async () => {
    const id = await arrangeOrder({ status: 'pending', expiredDate: Date.now() + 10 * DAY });
    const { p, tileFigure: shown } = await openDashboard();
    const counts = async () =>
      ((await getAdminDatabase(adminApp()).ref('stats/counts').get()).val() ?? {}) as Record<
        string,
        number
      >;
    // The tiles are the stored counters, never counted from whole collections.
    const figures = await counts();
    await p.getByRole('table', { name: PENDING_TITLE }).waitFor();
    await expect.poll(() => shown('Students')).toBe(figures.students ?? 0);
    await expect.poll(() => shown('Active tutors')).toBe(figures.activeTutors ?? 0);
    await expect.poll(() => shown('Pending approvals')).toBe(figures.pendingApprovals ?? 0);
    // Our order leaves the queue (another admin's write): the tile follows, no reload.
    const pendingBefore = await shown('Pending approvals');
    await removeWithDerived({ orders: [id] });
    await expect.poll(() => shown('Pending approvals'), { timeout: 2_000 }).toBe(pendingBefore - 1);
  });

  it('the expiring card lists the 10 soonest of the total and follows a removal', async () => {
    // 11 orders expiring within hours: the soonest of all orders, more than the card lists.
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++)
      ids.push(await arrangeOrder({ expiredDate: Date.now() + i * 600_000 }));
    const { p, tileFigure, titledTotal } = await openDashboard();
    const shown = () => tileFigure('Orders expiring in 14 days');
    await expect.poll(shown).toBeGreaterThanOrEqual(11);
    // The title says the card lists part of the tile's total.
    const list = p.getByRole('table', {
      name: /^The 10 soonest of [\d,]+ orders expiring in the next 14 days$/,
    });
    const listedOf = () => titledTotal(list);
    await list.getByRole('cell', { name: ids[0]!, exact: true }).waitFor();
    await expect.poll(async () => (await listedOf()) === (await shown())).toBe(true);
    // The soonest order goes (another admin's write): the count and the list follow, no reload.
    const before = await shown();
    await removeWithDerived({ orders: [ids[0]!] });
    await expect.poll(shown, { timeout: 2_000 }).toBe(before - 1);
    await list.getByRole('cell', { name: ids[1]!, exact: true }).waitFor();
    await expect.poll(() => list.getByRole('cell', { name: ids[0]!, exact: true }).count()).toBe(0);
  });

  it('the pending card lists the 10 oldest of the total and says so', async () => {
    // 11 orders waiting since 2001: the oldest of all, more than the card lists.
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++)
      ids.push(
        await arrangeOrder({
          status: 'pending',
          createdAt: Date.UTC(2001, 0, 1) + i * 60_000,
          expiredDate: Date.now() + 60 * DAY,
        }),
      );
    const { p, tileFigure, titledTotal } = await openDashboard();
    const shown = () => tileFigure('Pending approvals');
    await expect.poll(shown).toBeGreaterThanOrEqual(11);
    // Not 'Orders waiting for approval' with 10 rows, which read as all of them. (Fewer than 10
    // only while another file's queue entries point at no order.)
    const list = p.getByRole('table', {
      name: /^The (10|\d) oldest of [\d,]+ orders waiting for approval$/,
    });
    const listedOf = () => titledTotal(list);
    await expect.poll(async () => (await listedOf()) === (await shown())).toBe(true);
    // The card's own search, among the 10 it lists. (Other test files may queue older entries at
    // the same time, so only what holds whatever they add is checked: the eleventh is never
    // among the ten oldest, the first is.)
    const search = p
      .getByRole('region', { name: /oldest of [\d,]+ orders waiting/ })
      .getByLabel('Search', { exact: true });
    await search.fill(ids[10]!);
    await list.getByText('No records to show').waitFor();
    await search.fill(ids[0]!);
    await list.getByRole('cell', { name: ids[0]!, exact: true }).waitFor();
    // The oldest leaves the queue (another admin approves it): the card follows, no reload. (Its
    // title may change meanwhile with the count, so the card is found again by either title.)
    await removeWithDerived({ orders: [ids[0]!] });
    const card = p.getByRole('region', { name: PENDING_TITLE });
    await card.getByLabel('Search', { exact: true }).fill(ids[0]!);
    await card.getByText('No records to show').waitFor();
    await removeWithDerived({ orders: ids.slice(1) });
  });
});

describe('public pages, signed out', () => {
  it('payment instructions: PayNow QR with amount and reference, bank details, no database SDK', async () => {
    const id = await arrangeOrder({ status: 'pending' });
    const p = await page();
    const hits = watchDatabase(p);
    await p.goto(`/payment/${id}/240.50`);
    await p.getByRole('heading', { name: 'Payment instructions' }).waitFor();
    const qr = p.getByRole('img', {
      name: new RegExp(`PayNow QR code to pay .*240\\.50 for order ${id}`),
    });
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    expect(hasValidCrc(payload)).toBe(true);
    const root = Object.fromEntries(parseDataObjects(payload).map((o) => [o.id, o.value]));
    expect(root['54']).toBe('240.50');
    expect(parseDataObjects(root['62'] ?? '')).toEqual([{ id: '01', value: id }]);
    expect(await p.getByText(/processed within 2 working days/).count()).toBe(1);
    expect(await p.getByRole('link', { name: 'payments@tuition.test' }).count()).toBe(1);
    // No side menu or top bar on a public page.
    expect(await p.getByRole('navigation').count()).toBe(0);
    await p.waitForLoadState('networkidle');
    // The order's public facts, read over REST: one request, no SDK, no connection.
    expect(hits).toEqual([expect.stringMatching(new RegExp(`/publicOrders/${id}\\.json`))]);
  });

  it('order QR page and its missing-id message, no database SDK', async () => {
    const id = await arrangeOrder();
    const p = await page();
    const hits = watchDatabase(p);
    await p.goto(`/qrcode/${id}`);
    const qr = p.getByRole('img', { name: `QR code of order ${id}` });
    await qr.waitFor();
    expect(await qr.getAttribute('width')).toBe('256');
    await p.goto('/qrcode');
    await p.getByRole('alert').filter({ hasText: 'Missing Order ID' }).waitFor();
    await p.waitForLoadState('networkidle');
    expect(hits).toEqual([expect.stringMatching(new RegExp(`/publicOrders/${id}\\.json`))]);
  });

  it('result chart from a link, and a clear message for malformed data', async () => {
    const p = await page();
    const hits = watchDatabase(p);
    await p.goto('/chart/12,8,5,14,9,16,7,3');
    const chart = p.getByRole('img', { name: /Multiple intelligence result: .*Interpersonal 16/ });
    await chart.waitFor();
    // The labelled box shows with the page's text; chart.js arrives after it and draws inside.
    await expect.poll(() => chart.locator('canvas').count()).toBe(1);
    await p.goto('/chart/1,2,oops');
    await p.getByRole('alert').filter({ hasText: 'This result link is not valid.' }).waitFor();
    await p.waitForLoadState('networkidle');
    expect(hits).toEqual([]);
  });

  it("speaks the visitor's language", async () => {
    const id = await arrangeOrder({ status: 'pending' });
    const p = await page('es');
    await p.goto(`/payment/${id}/10`);
    await p.getByRole('heading', { name: 'Instrucciones de pago' }).waitFor();
    await p.getByText(/2 días hábiles/).waitFor();
  });
});
