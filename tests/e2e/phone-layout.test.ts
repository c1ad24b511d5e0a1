/**
 * The dashboard on a phone (390 and 320 px): an order id in the dashboard's order lists stays on
 * one line and inside the screen (a 20-character push id broke over 4-5 lines), the other columns
 * folding below the row instead, and the page never scrolls sideways. The order is made for this
 * test (the oldest waiting, so that the pending card lists it) and removed afterwards.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, deleteAccount, uniqueEmail, type TestAccount } from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { orderRecord } from '../support/orderFixture';

/** A push-id-like order id of 20 characters, unique to this run. */
const orderId = `-Ph${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  .slice(0, 20)
  .padEnd(20, 'x');
const pages: Page[] = [];
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('phone-admin'), isAdmin: true });
  const createdAt = Date.UTC(1999, 0, 1);
  await writeWithDerived({
    orders: {
      [orderId]: orderRecord(orderId, createdAt, {
        studentName: 'Phone Student With A Long Name',
        studentEmail: 'phone.student@tuition.test',
        tutorName: 'Phone Tutor',
        tutorEmail: 'phone.tutor@tuition.test',
        subjectName: 'Mathematics',
        total: 1234.5,
        expiredDate: Date.now() + 90 * 86_400_000,
      }),
    },
  });
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  await removeWithDerived({ orders: [orderId] });
  if (admin) await deleteAccount(admin.uid);
});

describe('dashboard on a phone', () => {
  it.each([390, 320])('an order id stays on one line inside the screen at %i px', async (width) => {
    const p = await newPage({ width, height: 800 });
    pages.push(p);
    await signIn(p, admin.email, admin.password);
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const link = p.getByRole('link', { name: orderId, exact: true }).first();
    await link.waitFor();
    const metrics = await link.evaluate((a) => {
      const rects = a.getClientRects();
      const box = a.getBoundingClientRect();
      return { lines: rects.length, left: box.left, right: box.right };
    });
    expect(metrics.lines, 'line boxes of the id').toBe(1);
    expect(metrics.left).toBeGreaterThanOrEqual(0);
    expect(metrics.right).toBeLessThanOrEqual(width);
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll',
    ).toBe(true);
  });
});
