/**
 * The header at every screen size: at 320, 390, 768, 991, 1280 and 1920 px the page
 * does not scroll sideways, the product name ends before the controls (the menu button first, on
 * the left, below 992 px), and the language switch, the account menu, its Profile and Log out
 * can be reached and used; toasts appear below the header. A non-admin who opens /section lands
 * on home (spec section 1: home and their profile only).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, deleteAccount, uniqueEmail, type TestAccount } from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

const WIDTHS = [320, 390, 768, 991, 1280, 1920];
let admin: TestAccount;
let staff: TestAccount;

beforeAll(async () => {
  [admin, staff] = await Promise.all([
    createAccount({
      email: uniqueEmail('header-admin'),
      isAdmin: true,
      record: { name: 'Header Admin With A Long Name' },
    }),
    createAccount({
      email: uniqueEmail('header-staff'),
      isAdmin: false,
      record: { name: 'Header Staff' },
    }),
  ]);
});

afterAll(async () => {
  await closeBrowser();
  if (admin) await deleteAccount(admin.uid);
  if (staff) await deleteAccount(staff.uid);
});

/** Fails unless the element is entirely inside the viewport's width. */
async function expectOnScreen(page: Page, name: string, box: { x: number; width: number } | null) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box!.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} right edge`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.width, `${name} width`).toBeGreaterThan(16);
}

describe('header at every width', () => {
  for (const width of WIDTHS) {
    it(`reaches language, profile and log out at ${width} px`, async () => {
      const page = await newPage({ width, height: 700 });
      try {
        await signIn(page, admin.email, admin.password);
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'no sideways scroll',
        ).toBe(true);

        // The product name ends (cut short with an ellipsis if need be) before the first control,
        // and below 992 px the menu button opens the bar at its left edge.
        const name = await page.getByRole('link', { name: 'Tuition Back Office' }).boundingBox();
        const bell = await page.getByRole('button', { name: /notifications?$/ }).boundingBox();
        expect(name!.x + name!.width, 'product name before the controls').toBeLessThanOrEqual(
          bell!.x,
        );
        if (width < 992) {
          const menu = await page
            .getByRole('button', { name: 'Open navigation menu' })
            .boundingBox();
          expect(menu!.x, 'menu button at the left edge').toBeLessThan(16);
          expect(menu!.x + menu!.width, 'menu button before the name').toBeLessThanOrEqual(name!.x);
        }

        const spanish = page.getByRole('button', { name: 'ES', exact: true });
        await expectOnScreen(page, 'ES', await spanish.boundingBox());
        await spanish.click();
        await page.getByRole('heading', { name: 'Panel', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'EN', exact: true }).click();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

        const account = page.getByRole('button', { name: /^Account menu of / });
        await expectOnScreen(page, 'account menu', await account.boundingBox());
        await account.click();
        const profile = page.getByRole('link', { name: 'Profile', exact: true });
        await expectOnScreen(page, 'Profile', await profile.boundingBox());
        const logOut = page.getByRole('button', { name: 'Log out' });
        await expectOnScreen(page, 'Log out', await logOut.boundingBox());
        await logOut.click();
        await page.waitForURL(/\/login/);
      } finally {
        await page.context().close();
      }
    });
  }

  it('keeps toasts below the header', async () => {
    const page = await newPage({ width: 390, height: 700 });
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).first();
      await toast.waitFor();
      const box = await toast.boundingBox();
      // The header is 3.25rem (52 px) high.
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(52);
    } finally {
      await page.context().close();
    }
  });

  it('sends a non-admin who opens /section home', async () => {
    const page = await newPage();
    try {
      await signIn(page, staff.email, staff.password);
      await page.goto('/section');
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await page.context().close();
    }
  });
});
