/**
 * A browser whose WebSocket to the Realtime Database failed once (the SDK then stores
 * `firebase:previous_websocket_failure` and starts the next session with JSONP long polling,
 * rtdb-wire-protocol.md §3) still signs in and loads data through the local Database server,
 * then upgrades to a WebSocket. Regression: the server used to end the session when the SDK
 * loaded its "disconnect frame" (`/.lp?dframe=t`), so such a browser never connected.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, deleteAccount, type TestAccount } from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

let admin: TestAccount | undefined;
let page: Page | undefined;

afterAll(async () => {
  await page?.close();
  if (admin) await deleteAccount(admin.uid);
  await closeBrowser();
});

describe('Realtime Database over long polling (browser fallback)', () => {
  it('signs in, loads the session record over /.lp and upgrades to a WebSocket', async () => {
    admin = await createAccount({ isAdmin: true });
    page = await newPage();
    const polls: string[] = [];
    const sockets: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/.lp') polls.push(r.url());
    });
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname === '/.ws') sockets.push(ws.url());
    });
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
    await page.reload();

    // The session needs users/{uid} from the Database: reaching / proves the data arrived.
    await signIn(page, admin.email, admin.password, { form: true });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    expect(polls.some((u) => u.includes('start=t'))).toBe(true);
    expect(polls.some((u) => u.includes('dframe=t'))).toBe(true);
    // The upgrade: a WebSocket that names the long-poll session (`s=`).
    await expect.poll(() => sockets.some((u) => /[?&]s=/.test(u)), { timeout: 15_000 }).toBe(true);
  });
});
