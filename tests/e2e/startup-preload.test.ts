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

/** Resolves true once `seen` holds, false at the deadline; checked at each `poke`. */
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

/** A {@link waiter} woken by the page's first request whose URL matches `url`. */
function requestWaiter(page: Page, url: RegExp) {
  let requested = false;
  const requestSeen = waiter(() => requested);
  page.on('request', (request) => {
    if (url.test(request.url())) {
      requested = true;
      requestSeen.poke();
    }
  });
  return requestSeen;
}

/**
 * Holds the page's requests matching `held` until `other` has happened (or its deadline); the
 * function returned tells whether it had when the first of them was held (undefined before).
 */
async function holdUntil(
  page: Page,
  held: RegExp,
  other: ReturnType<typeof waiter>,
): Promise<() => boolean | undefined> {
  let happened: boolean | undefined;
  await page.route(held, async (route) => {
    happened ??= await other.until();
    await route.continue();
  });
  return () => happened;
}

describe('startup preloads', () => {
  it("the dashboard's code is requested while the password is still being checked", async () => {
    const page = await newPage();
    pages.push(page);
    const dashboard = requestWaiter(page, /\/assets\/DashboardPage-[^/]*\.js$/);
    const requestedWhileChecking = await holdUntil(page, /accounts:signInWithPassword/, dashboard);
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(requestedWhileChecking()).toBe(true);
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
    const sentBeforePageCode = await holdUntil(page, /\/assets\/StudentsPage-[^/]*\.js$/, query);
    await page.goto('/students');
    await page.getByRole('table', { name: 'Students' }).waitFor();
    expect(sentBeforePageCode()).toBe(true);
  });

  it("a list opened directly asks for its page's code beside the entry, not after it", async () => {
    const page = await newPage();
    pages.push(page);
    await signIn(page, admin.email, admin.password);
    const pageCode = requestWaiter(page, /\/assets\/TutorsPage-[^/]*\.js$/);
    // The entry (React, the router, the route table) is held: only index.html's preload map can
    // ask for the page's code meanwhile.
    const requestedBeforeEntry = await holdUntil(page, /\/assets\/index-[^/]*\.js$/, pageCode);
    await page.goto('/tutors');
    await page.getByRole('table', { name: 'Tutors' }).waitFor();
    expect(requestedBeforeEntry()).toBe(true);
  });
});
