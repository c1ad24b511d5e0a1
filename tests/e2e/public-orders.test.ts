/**
 * The public QR and payment pages know the order (spec section 2, route list and Payment
 * instruction page): they read its public facts, `publicOrders/{id}`, which the orders' trigger
 * keeps (src/shared/domain/derived/publicOrders.ts). A made-up id says "not found" instead of
 * drawing a QR code; the payment page shows the order's amount, not the link's; a paid order
 * shows no payment instructions. In English and Spanish, signed out, at 390 px (these pages are
 * opened on phones). The node is readable entry by entry only, and by nobody as a list. Orders
 * are made with unique ids and removed afterwards.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '@/shared/domain/order';
import { parseDataObjects } from '@/features/public/paynow';
import { adminApp, backend } from '../support/backend';
import { closeBrowser, newPage } from '../support/browser';
import { writeWithDerived } from '../integration/derivedFixtures';
import { arrangePublicOrder, removeOrders } from '../support/orderFixture';

const orderIds: string[] = [];
const pages: Page[] = [];

async function page(locale: 'en' | 'es'): Promise<Page> {
  const p = await newPage({ locale, width: 390, height: 844 });
  pages.push(p);
  return p;
}

/** A pending order of 240.50 (or `overrides`), written as an import would: the trigger runs. */
async function arrangeOrder(overrides: Partial<Order> = {}): Promise<string> {
  const id = await arrangePublicOrder('pub', overrides);
  orderIds.push(id);
  return id;
}

/** The REST address of `path` on the local Database server, read signed out. */
const rest = (path: string) =>
  `http://${backend.database.host}:${backend.database.port}/${path}.json?ns=${backend.databaseNamespace}`;

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  await removeOrders(orderIds);
});

describe('public pages look the order up', () => {
  it.each([
    ['en', 'No order has the ID nonexistent-order.'],
    ['es', 'No hay ningún pedido con el ID nonexistent-order.'],
  ] as const)('/qrcode of an id no order has draws no QR (%s)', async (locale, message) => {
    const p = await page(locale);
    await p.goto('/qrcode/nonexistent-order');
    await p.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await p.getByRole('img').count()).toBe(0);
  });

  it.each([
    ['en', 'QR code of order', 'Status: Waiting for payment', 'Status: Approved'],
    ['es', 'Código QR del pedido', 'Estado: Pendiente de pago', 'Estado: Aprobado'],
  ] as const)(
    '/qrcode of an order shows its QR and its status, which follows the order (%s)',
    async (locale, label, pending, approved) => {
      const id = await arrangeOrder();
      const p = await page(locale);
      await p.goto(`/qrcode/${id}`);
      await p.getByRole('img', { name: `${label} ${id}` }).waitFor();
      await p.getByText(pending).waitFor();
      await getAdminDatabase(adminApp()).ref(`orders/${id}`).update({ status: 'approved' });
      await expect
        .poll(async () => {
          await p.reload();
          await p.getByRole('img', { name: `${label} ${id}` }).waitFor();
          return p.getByText(approved).count();
        })
        .toBe(1);
    },
  );

  it.each([
    ['en', /This link says .*1\.00, but the amount due for this order is .*240\.50/],
    ['es', /Este enlace indica 1,00\sSGD, pero el importe del pedido es 240,50\sSGD/],
  ] as const)("/payment shows the order's amount, not the link's (%s)", async (locale, note) => {
    const id = await arrangeOrder();
    const p = await page(locale);
    await p.goto(`/payment/${id}/1.00`);
    await p.getByRole('alert').filter({ hasText: note }).waitFor();
    const payload = (await p.locator('[data-payload]').getAttribute('data-payload')) ?? '';
    const root = Object.fromEntries(parseDataObjects(payload).map((o) => [o.id, o.value]));
    expect(root['54']).toBe('240.50');
    // The PayNow code fits the phone's width (the page gives its card the width).
    const box = await p.locator('[data-payload]').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  it.each([
    ['en', 'paid', 'is already paid'],
    ['es', 'cancelled', 'se canceló'],
  ] as const)('/payment shows no instructions (%s, a %s order)', async (locale, status, text) => {
    const id = await arrangeOrder({ status });
    const p = await page(locale);
    await p.goto(`/payment/${id}/240.50`);
    await p.getByRole('status').filter({ hasText: text }).waitFor();
    expect(await p.locator('[data-payload]').count()).toBe(0);
  });

  it('a signed-out visitor reads one entry, never the list, and writes nothing', async () => {
    const id = await arrangeOrder({ isObsolete: false });
    const entry = await fetch(rest(`publicOrders/${id}`));
    expect(entry.status).toBe(200);
    // The public facts only: no name, e-mail or date.
    expect(await entry.json()).toEqual({ total: 240.5, qty: 4, status: 'pending' });
    expect((await fetch(rest('publicOrders'))).status).toBe(401);
    expect((await fetch(rest(`orders/${id}`))).status).toBe(401);
    const write = await fetch(rest(`publicOrders/${id}`), {
      method: 'PUT',
      body: JSON.stringify({ total: 1, qty: 1, status: 'pending' }),
    });
    expect(write.status).toBe(401);
    // An obsolete order is withdrawn: its entry goes.
    await writeWithDerived({
      orders: {
        [id]: {
          ...((await getAdminDatabase(adminApp()).ref(`orders/${id}`).get()).val() as object),
          isObsolete: true,
        },
      },
    });
    expect(await (await fetch(rest(`publicOrders/${id}`))).json()).toBeNull();
  });
});
