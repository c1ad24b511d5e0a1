/**
 * What a signed-in screen starts before it needs it (src/app/router.tsx): the dashboard's code
 * while Auth still checks the password of a sign-in, a list's first page (its indexed query)
 * while the list's own code still loads, and a list's code while the entry still loads
 * (index.html's preload map, vite.config.ts `routePreloads`). Each test holds back one request
 * until the other has left the page (up to a deadline), so each fails when the early start is
 * gone. Its own admin account; it reads no record's content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, deleteAccount, type TestAccount } from '../support/backend';
import { newPage, signIn } from '../support/browser';

/** How long a held request waits for the other one (a deadline, not a sleep). */
const HOLD_MS = 15_000;

let admin: TestAccount;
const pages: Page[] = [];

beforeAll(async () => {
  admin = await createAccount({ isAdmin: true });
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  if (admin) await deleteAccount(admin.uid);
});

/** Resolves true once `seen` holds, false at the deadline; checked at each `notify`. */
function waiter(seen: () => boolean) {
  let wake: () => void = () => undefined;
  const poke = () => wake();
  const until = async (): Promise<boolean> => {
    const deadline = Date.now() + HOLD_MS;
    while (!seen() && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, deadline - Date.now());
      });
    }
    return seen();
  };
  return { poke, until };
}

describe('startup preloads', () => {
  it("the dashboard's code is requested while the password is still being checked", async () => {
    const page = await newPage();
    pages.push(page);
    let dashboardRequested = false;
    const dashboard = waiter(() => dashboardRequested);
    page.on('request', (request) => {
      if (/\/assets\/DashboardPage-[^/]*\.js$/.test(request.url())) {
        dashboardRequested = true;
        dashboard.poke();
      }
    });
    let requestedWhileChecking: boolean | undefined;
    await page.route(/accounts:signInWithPassword/, async (route) => {
      requestedWhileChecking ??= await dashboard.until();
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(requestedWhileChecking).toBe(true);
  });

  it("a list opened directly sends its first page's query before its own code has loaded", async () => {
    const page = await newPage();
    pages.push(page);
    await signIn(page, admin.email, admin.password);
    let querySent = false;
    const query = waiter(() => querySent);
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        // The first page's get: an indexed query (`q`) of lists/students.
        if (typeof payload === 'string' && /"p":"\/?lists\/students"[^]*"q":/.test(payload)) {
          querySent = true;
          query.poke();
        }
      }),
    );
    let sentBeforePageCode: boolean | undefined;
    await page.route(/\/assets\/StudentsPage-[^/]*\.js$/, async (route) => {
      sentBeforePageCode ??= await query.until();
      await route.continue();
    });
    await page.goto('/students');
    await page.getByRole('table', { name: 'Students' }).waitFor();
    expect(sentBeforePageCode).toBe(true);
  });

  it("a list opened directly asks for its page's code beside the entry, not after it", async () => {
    const page = await newPage();
    pages.push(page);
    await signIn(page, admin.email, admin.password);
    let pageCodeRequested = false;
    const pageCode = waiter(() => pageCodeRequested);
    page.on('request', (request) => {
      if (/\/assets\/TutorsPage-[^/]*\.js$/.test(request.url())) {
        pageCodeRequested = true;
        pageCode.poke();
      }
    });
    // The entry (React, the router, the route table) is held: only index.html's preload map can
    // ask for the page's code meanwhile.
    let requestedBeforeEntry: boolean | undefined;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      requestedBeforeEntry ??= await pageCode.until();
      await route.continue();
    });
    await page.goto('/tutors');
    await page.getByRole('table', { name: 'Tutors' }).waitFor();
    expect(requestedBeforeEntry).toBe(true);
  });
});
