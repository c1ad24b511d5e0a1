/**
 * A lost database connection is said, and nothing saved meanwhile is lost. The page's Realtime
 * Database traffic (its WebSocket, and the long-polling requests the SDK falls back to) goes
 * through playwright, which can cut it and refuse new connections; the SDK reconnects by itself
 * once they are let through again.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentRecord } from '../integration/peopleFixtures';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

const NOTICE = /^No connection to the server:/;
const studentId = uniqueId('connection-student');
const name = `Connection Student ${studentId.slice(-6)}`;
let admin: TestAccount;
let page: Page;

/** Cuts the page's database connections and refuses new ones until {@link reconnect}. */
let cut = false;
const sockets: WebSocketRoute[] = [];
function disconnect(): void {
  cut = true;
  for (const socket of sockets.splice(0)) void socket.close();
}
function reconnect(): void {
  cut = false;
}

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('connection-admin'), isAdmin: true });
  await writeRecords({ [`students/${studentId}`]: { ...studentRecord(name), id: studentId } });
  page = await newPage();
  const database = new RegExp(`^(ws|http)://[^/]+:${backend.database.port}/\\.(ws|lp)`);
  await page.context().routeWebSocket(database, (socket) => {
    if (cut) return void socket.close();
    socket.connectToServer();
    sockets.push(socket);
  });
  await page.context().route(database, (route) => (cut ? route.abort() : route.continue()));
  await signIn(page, admin.email, admin.password);
});

afterAll(async () => {
  await page?.context().close();
  await closeBrowser();
  await removePaths(`students/${studentId}`);
  if (admin) await deleteAccount(admin.uid);
});

describe('the database connection', () => {
  it('is said lost while it is, and a save made meanwhile lands once it is back', async () => {
    await page.goto(`/students/${studentId}`);
    const nameField = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.inputValue()).toBe(name);
    const notice = page.getByRole('alert').filter({ hasText: NOTICE });
    expect(await notice.count()).toBe(0);

    disconnect();
    await notice.waitFor({ timeout: 10_000 });
    await nameField.fill(`${name} renamed`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Queued by the SDK, not written: while the save runs (its button spins), the server still
    // has the old name.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.getAttribute('class')).toContain('is-loading');
    const stored = getDatabase(adminApp()).ref(`students/${studentId}/name`);
    expect((await stored.get()).val()).toBe(name);

    reconnect();
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('Student updated successfully').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await stored.get()).val()).toBe(`${name} renamed`);
  });
});
