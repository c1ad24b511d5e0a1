/**
 * List state survives navigation: search text, sort, page, page size and 'Show all'
 * live in the query string, so opening a record and pressing Back, or reloading, shows the same
 * rows; a delete leaves keyboard focus on the table, not on <body>. Runs on the schools list with
 * 12 schools of its own (unique names), removed afterwards, and 'Show all' on the other lists that
 * have one (tutors, orders, countries).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, firstColumnTexts, newPage, signIn } from '../support/browser';

let admin: TestAccount;
let page: Page;
const tag = uniqueId()
  .replace(/[^a-z0-9]/gi, '')
  .slice(-8);
const ids = Array.from({ length: 12 }, (_, i) => `list-state-${tag}-${i}`);
const names = ids.map((_, i) => `Zz ${tag} School ${String(i + 1).padStart(2, '0')}`);

/** The first-cell texts of the table's rows, in display order. */
beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('list-state-admin'),
    isAdmin: true,
    record: { name: 'List State Admin' },
  });
  const updates: Record<string, unknown> = {};
  ids.forEach((id, i) => {
    updates[`schools/${id}`] = {
      id,
      name: names[i],
      countryId: 'SG',
      address1: '',
      address2: '',
      postcode: '',
      isObsolete: i === 11,
      order: 9000 + i,
      createdAt: Date.now(),
    };
  });
  await getAdminDatabase(adminApp()).ref().update(updates);
  page = await newPage({ locale: 'en' });
  await signIn(page, admin.email, admin.password);
});

afterAll(async () => {
  await page?.context().close();
  await closeBrowser();
  await removePaths(...ids.map((id) => `schools/${id}`));
  if (admin) await deleteAccount(admin.uid);
});

describe('list state in the URL', () => {
  it('restores search, sort, page, page size and Show all after opening a record, Back and a reload', async () => {
    await page.goto(new URL('/field-schools', page.url()).href);
    const table = page.getByRole('table', { name: 'Schools' });
    // The browser tab names the screen, in the visitor's language.
    await expect.poll(() => page.title()).toBe('Schools · Tuition Back Office');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await page.getByLabel('Show all').check({ force: true });
    await page.getByLabel('Rows per page').selectOption('5');
    // Name descending: two clicks on the header.
    const nameHeader = table.getByRole('button', { name: /^Name/ });
    await nameHeader.click();
    await nameHeader.click();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    const expected = [names[6], names[5], names[4], names[3], names[2]];
    await expect.poll(() => firstColumnTexts(table)).toEqual(expected);
    const listUrl = page.url();
    expect(new URL(listUrl).searchParams.get('page')).toBe('2');

    await table.getByRole('link', { name: `Edit ${names[4]}` }).click();
    await page.waitForURL(/\/field-schools\/list-state-/);
    await page.goBack();
    await expect.poll(() => firstColumnTexts(table)).toEqual(expected);
    expect(page.url()).toBe(listUrl);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe(tag);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('5');
    expect(await page.getByLabel('Show all').isChecked()).toBe(true);
    expect(await table.locator('th[aria-sort="descending"]').textContent()).toContain('Name');

    await page.reload();
    await expect.poll(() => firstColumnTexts(table)).toEqual(expected);
    expect(
      await page.getByRole('button', { name: 'Go to page 2' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it("keeps both of two changes made in one moment ('Show all' and the page size), through a reload", async () => {
    await page.goto(new URL('/field-schools', page.url()).href);
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(tag);
    // Both changes in one task, before the router has committed the first or the table has
    // rendered it: each list-state hook writes the query, and the second must start from the first.
    const showAll = await page.getByLabel('Show all').elementHandle();
    const size = await page.getByLabel('Rows per page').elementHandle();
    await page.evaluate(
      ([box, select]) => {
        (box as HTMLInputElement).click();
        (select as HTMLSelectElement).value = '5';
        select!.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [showAll, size],
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe('5');
    expect(new URL(page.url()).searchParams.get('all')).toBe('1');
    expect(new URL(page.url()).searchParams.get('q')).toBe(tag);
    await page.reload();
    await expect.poll(() => page.getByLabel('Show all').isChecked()).toBe(true);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('5');
    // All 12 of this file's schools match, the obsolete one included: 3 pages of 5.
    await page.getByRole('button', { name: 'Go to page 3' }).waitFor();
  });

  it.each([
    ['/tutors', 'Tutors'],
    ['/orders', 'Orders'],
    ['/countries', 'Countries'],
  ])("keeps 'Show all' of %s in the URL, through a reload", async (path, tableName) => {
    await page.goto(new URL(path, page.url()).href);
    await page.getByRole('table', { name: tableName }).waitFor();
    const showAll = page.getByLabel('Show all');
    expect(await showAll.isChecked()).toBe(false);
    await showAll.check({ force: true });
    await page.waitForURL((url) => url.searchParams.get('all') === '1');
    await page.reload();
    await page.getByRole('table', { name: tableName }).waitFor();
    expect(await page.getByLabel('Show all').isChecked()).toBe(true);
    // Off again: the URL is clean.
    await page.getByLabel('Show all').uncheck({ force: true });
    await page.waitForURL((url) => !url.searchParams.has('all'));
  });

  it('leaves focus on the table after a delete', async () => {
    await page.goto(new URL(`/field-schools?q=${tag}&all=1`, page.url()).href);
    const table = page.getByRole('table', { name: 'Schools' });
    await table.getByRole('button', { name: `Delete ${names[0]}` }).click();
    await page
      .getByRole('dialog', { name: 'Confirm action' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Schools');
  });
});
