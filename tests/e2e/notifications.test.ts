/**
 * The header's notifications in Chromium against the local backend: an admin's bell counts what
 * waits for them (orders waiting for approval, orders expiring within 14 days, from the `stats/`
 * nodes), follows other admins' writes, and each entry opens those orders; staff, whom no order
 * concerns, have no bell. English and Spanish.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/features/orders/types';
import {
  createAccount,
  deleteAccount,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  repairDerivedNodes,
} from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { orderRecord } from '../support/orderFixture';

const DAY = 86_400_000;
const orderIds: string[] = [];
const pages: Page[] = [];
let admin: TestAccount;
let staff: TestAccount;

async function arrangeOrder(overrides: Partial<Order> = {}): Promise<string> {
  const id = uniqueId('e2e').slice(0, 24);
  orderIds.push(id);
  await writeWithDerived({
    orders: {
      [id]: orderRecord(id, Date.now() - DAY, {
        studentName: 'Bell Student',
        studentEmail: 'bell@tuition.test',
        tutorName: 'Bell Tutor',
        tutorEmail: 'bell.tutor@tuition.test',
        total: 100,
        expiredDate: Date.now() + 60 * DAY,
        ...overrides,
      }),
    },
  });
  return id;
}

async function page(account: TestAccount, locale = 'en'): Promise<Page> {
  const p = await newPage({ locale });
  pages.push(p);
  await signIn(p, account.email, account.password, { locale });
  return p;
}

beforeAll(async () => {
  // The dashboard's figures are compared with the orders: start from books that match them.
  await repairDerivedNodes();
  admin = await createAccount({ email: uniqueEmail('bell-admin'), isAdmin: true });
  staff = await createAccount({ email: uniqueEmail('bell-staff') });
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  if (orderIds.length) await removeWithDerived({ orders: orderIds });
  if (admin) await deleteAccount(admin.uid);
  if (staff) await deleteAccount(staff.uid);
});

describe('notifications', () => {
  it('an admin is told what waits, live, and each notice opens those orders', async () => {
    await arrangeOrder();
    const p = await page(admin);
    const bell = p.getByRole('button', { name: '1 notification' });
    await bell.waitFor();
    await bell.click();
    // The bell's menu, in the header (the dashboard's card below lists the same links).
    const menu = p.getByRole('banner');
    await menu.getByRole('link', { name: '1 order is waiting for approval' }).waitFor();

    // Another admin's order shows without a reload: a second notice, the first one's count.
    await arrangeOrder({ status: 'paid', expiredDate: Date.now() + 3 * DAY });
    // The menu is still open: it changes in place.
    await p.getByRole('button', { name: '2 notifications' }).waitFor();
    await menu.getByRole('link', { name: '2 orders are waiting for approval' }).waitFor();
    await menu
      .getByRole('link', { name: '1 order expires within 14 days with lessons left' })
      .click();
    await p.waitForURL((url) => url.pathname === '/orders');
    expect(new URL(p.url()).searchParams.get('expiry')).toBe('expiring');
    // The list's own count (a row may take two lines when columns fold below it).
    await p.getByText('1 record', { exact: true }).waitFor();

    await p.getByRole('button', { name: '2 notifications' }).click();
    await menu.getByRole('link', { name: '2 orders are waiting for approval' }).click();
    await p.waitForURL((url) => url.searchParams.get('status') === 'waiting');
  });

  it('in Spanish', async () => {
    const p = await page(admin, 'es');
    await p.getByRole('button', { name: /^\d+ notificaci/ }).click();
    await p
      .getByRole('banner')
      .getByRole('link', { name: /^\d+ pedidos? esperan? aprobación$/ })
      .waitFor();
  });

  it('staff have no bell', async () => {
    const p = await page(staff);
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await p.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await p.getByRole('button', { name: /notification/ }).count()).toBe(0);
  });
});
