/**
 * Reference data in Chromium against the local backend (spec 2 Reference data screens,
 * 3, 4, 5, 8). For browsing levels, field levels, schools and subjects: create, edit, reorder and
 * delete one of each through the screens, checking the toasts and what the Database holds. The
 * subject Settings tab refuses a sale price above the original price. A country is marked
 * obsolete and back. Every record made here has a unique name and is removed afterwards; the
 * shared demo data is never touched (orders used here are far above the demo data's).
 */
import { randomInt } from 'node:crypto';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueId,
  uniqueEmail,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, firstColumnTexts, gotoInApp, signedInPage } from '../support/browser';

const cleanup: string[] = [];
let admin: TestAccount;

const db = () => getAdminDatabase(adminApp());

/**
 * The admin's page, shared by the file's tests, each opening its screen inside the running app
 * (gotoInApp: no new load and start of the app for each screen).
 */
function adminPage(): Promise<Page> {
  return signedInPage(admin, { locale: 'en', inApp: true });
}

/** Ids of the records under `path` whose `name` is `name`. */
async function idsNamed(path: string, name: string): Promise<string[]> {
  const snap = await db().ref(path).orderByChild('name').equalTo(name).get();
  return Object.keys((snap.val() as Record<string, unknown> | null) ?? {});
}

/** The one record named `name` under `path`, with its id; registered for cleanup. */
async function recordNamed(path: string, name: string) {
  const ids = await idsNamed(path, name);
  expect(ids, `${path} named ${name}`).toHaveLength(1);
  const id = ids[0] as string;
  cleanup.push(`${path}/${id}`);
  const value = (await db().ref(`${path}/${id}`).get()).val() as Record<string, unknown>;
  // Records made in the UI store their key as the `id` child too (spec 3).
  expect(value.id, `${path}/${id} stores its id`).toBe(id);
  return { ...value, id } as Record<string, unknown> & { id: string };
}

/** Types `text` in the list's search box. */
async function search(p: Page, text: string) {
  await p.getByLabel('Search', { exact: true }).fill(text);
}

/** The first-cell texts of the table's rows, in display order. */
async function waitForToast(p: Page, text: string) {
  await p.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Polls `read` until it returns `expected` (Database writes from the browser are async). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  await expect.poll(read, { timeout: timeoutMs }).toEqual(expected);
}

beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('reference-admin'),
    isAdmin: true,
    record: { name: 'Reference Admin' },
  });
});

afterAll(async () => {
  await closeBrowser();
  if (cleanup.length) await removePaths(...cleanup);
  if (admin) await deleteAccount(admin.uid);
});

/** One ordered list (field levels, schools, subjects) and its screen texts. */
interface OrderedList {
  path: string;
  route: string;
  table: string;
  newLink: string;
  created: string;
  updated: string;
  deleted: string;
  /** Fills the form's fields other than name and order. */
  fillRest?: (p: Page) => Promise<void>;
  /** A new record continues on its edit page instead of the list. */
  continuesToEdit?: boolean;
}

const LISTS: OrderedList[] = [
  {
    path: 'fieldLevels',
    route: '/field-levels',
    table: 'Field levels',
    newLink: 'New field level',
    created: 'Field level created successfully',
    updated: 'Field level updated successfully',
    deleted: 'The field level was deleted.',
  },
  {
    path: 'schools',
    route: '/field-schools',
    table: 'Schools',
    newLink: 'New School',
    created: 'School created successfully',
    updated: 'School updated successfully',
    deleted: 'The school was deleted.',
    fillRest: async (p) => {
      await p.getByLabel('Address line 1').fill('1 Test Road');
      await p.getByLabel('Postcode').fill('123456');
    },
  },
  {
    path: 'subjects',
    route: '/subjects',
    table: 'Subjects',
    newLink: 'New Subject',
    created: 'Subject created successfully',
    updated: 'Subject updated successfully',
    deleted: 'The subject was deleted.',
    // A subject has a Settings tab: creating one continues on its edit page.
    continuesToEdit: true,
  },
];

/** Creates a record through the list's form; resolves with it as stored. */
async function createThroughForm(p: Page, list: OrderedList, name: string, order: number) {
  await gotoInApp(p, list.route);
  await p.getByRole('link', { name: list.newLink, exact: true }).click();
  await p.waitForURL(`**${list.route}/new`);
  const save = p.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await p.getByLabel('Name', { exact: true }).fill(name);
  await p.getByLabel('Order', { exact: true }).fill(String(order));
  await list.fillRest?.(p);
  // Country defaults to Singapore (spec 9), so name and country are given: submit enabled.
  expect(await p.getByLabel('Country', { exact: true }).inputValue()).toBe('SG');
  await save.click();
  await waitForToast(p, list.created);
  if (list.continuesToEdit) {
    await p.waitForURL(
      (url) => url.pathname.startsWith(`${list.route}/`) && !url.pathname.endsWith('/new'),
    );
    const stored = await recordNamed(list.path, name);
    expect(new URL(p.url()).pathname).toBe(`${list.route}/${stored.id}`);
    await gotoInApp(p, list.route);
    return stored;
  }
  await p.waitForURL((url) => url.pathname === list.route);
  return recordNamed(list.path, name);
}

describe('reference data (admin)', () => {
  for (const list of LISTS) {
    it(`${list.table}: creates, edits, reorders and deletes`, async () => {
      const p = await adminPage();
      const tag = uniqueId('ref').replaceAll('-', '').slice(-10);
      const base = 900_000 + randomInt(0, 50_000) * 2;
      const first = await createThroughForm(p, list, `A ${tag}`, base);
      const second = await createThroughForm(p, list, `B ${tag}`, base + 1);
      expect(first).toMatchObject({ countryId: 'SG', order: base, isObsolete: false });
      expect(typeof first.createdAt).toBe('number');

      // Edit the first one's name.
      await search(p, tag);
      await p.getByRole('link', { name: `Edit A ${tag}` }).click();
      const name = p.getByLabel('Name', { exact: true });
      await expect.poll(() => name.inputValue()).toBe(`A ${tag}`);
      await name.fill(`A2 ${tag}`);
      await p.getByRole('button', { name: 'Save', exact: true }).click();
      await waitForToast(p, list.updated);
      await p.waitForURL((url) => url.pathname === list.route);
      await eventually(
        async () => (await db().ref(`${list.path}/${first.id}/name`).get()).val(),
        `A2 ${tag}`,
      );

      // Reorder: B moves above A2, with one update swapping their orders.
      const table = p.getByRole('table', { name: list.table });
      await search(p, tag);
      await expect.poll(() => firstColumnTexts(table)).toEqual([`A2 ${tag}`, `B ${tag}`]);
      expect(await p.getByRole('button', { name: `Move B ${tag} down` }).isDisabled()).toBe(true);
      await p.getByRole('button', { name: `Move B ${tag} up` }).click();
      await expect.poll(() => firstColumnTexts(table)).toEqual([`B ${tag}`, `A2 ${tag}`]);
      await eventually(
        async () => [
          (await db().ref(`${list.path}/${first.id}/order`).get()).val(),
          (await db().ref(`${list.path}/${second.id}/order`).get()).val(),
        ],
        [base + 1, base],
      );

      // Delete, confirmed first; cancelling keeps the record.
      await p.getByRole('button', { name: `Delete B ${tag}` }).click();
      const dialog = p.getByRole('dialog', { name: 'Confirm action' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await db().ref(`${list.path}/${second.id}`).get()).exists()).toBe(true);
      await p.getByRole('button', { name: `Delete B ${tag}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await waitForToast(p, list.deleted);
      await expect.poll(() => firstColumnTexts(table)).toEqual([`A2 ${tag}`]);
      expect((await db().ref(`${list.path}/${second.id}`).get()).exists()).toBe(false);
    });
  }

  it('browsing levels: creates, edits (order), and deletes', async () => {
    const p = await adminPage();
    const tag = uniqueId('lvl').replaceAll('-', '').slice(-10);
    // A failed load of a single record redirects to its list (spec 4).
    await gotoInApp(p, `/browsing-levels/missing-${tag}`);
    await p.waitForURL((url) => url.pathname === '/browsing-levels');
    await gotoInApp(p, '/browsing-levels');
    await p.getByRole('link', { name: 'New browsing level', exact: true }).click();
    await p.waitForURL('**/browsing-levels/new');
    const save = p.getByRole('button', { name: 'Save', exact: true });
    await p.getByLabel('Name', { exact: true }).fill(`Level ${tag}`);
    await p.getByLabel('Description', { exact: true }).fill('Paid students see the postcode');
    // accessBy still missing (spec 5): submit disabled.
    expect(await save.isDisabled()).toBe(true);
    await p.getByLabel('Access by', { exact: true }).selectOption({ label: 'Student (Paid)' });
    await p.getByRole('switch', { name: 'Postcode' }).check();
    await p.getByRole('switch', { name: 'Email' }).check();
    await save.click();
    await waitForToast(p, 'Level created successfully');
    await p.waitForURL((url) => url.pathname === '/browsing-levels');
    const stored = await recordNamed('levels', `Level ${tag}`);
    expect(stored).toMatchObject({
      accessBy: 'student_paid',
      description: 'Paid students see the postcode',
      order: 0,
      fields: { postcode: true, email: true, contact: false, street1: false },
    });

    // Edit: a new order (the levels' reorder) and one switch off.
    await search(p, tag);
    await p.getByRole('link', { name: `Edit Level ${tag}` }).click();
    await expect
      .poll(() => p.getByLabel('Name', { exact: true }).inputValue())
      .toBe(`Level ${tag}`);
    await p.getByLabel('Order', { exact: true }).fill('7');
    await p.getByRole('switch', { name: 'Email' }).uncheck();
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(p, 'Level updated successfully');
    await eventually(async () => {
      const v = (await db().ref(`levels/${stored.id}`).get()).val() as {
        order: number;
        fields: { email: boolean };
      };
      return [v.order, v.fields.email];
    }, [7, false]);

    // The filter searches the description too (spec 5).
    await search(p, 'see the postcode');
    await p.getByRole('cell', { name: `Level ${tag}`, exact: true }).waitFor();

    await search(p, tag);
    await p.getByRole('button', { name: `Delete Level ${tag}` }).click();
    await p
      .getByRole('dialog', { name: 'Confirm action' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await waitForToast(p, 'The level was deleted.');
    await eventually(async () => (await db().ref(`levels/${stored.id}`).get()).exists(), false);
  });

  it('subject Settings: disabled until the subject exists; refuses a sale price above the original', async () => {
    const p = await adminPage();
    const tag = uniqueId('subj').replaceAll('-', '').slice(-10);
    await gotoInApp(p, '/subjects/new');
    expect(await p.getByRole('tab', { name: 'Settings' }).isDisabled()).toBe(true);
    expect(await p.getByRole('tab', { name: 'Basic Info' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await p.getByLabel('Name', { exact: true }).fill(`Priced ${tag}`);
    await p.getByLabel('Order', { exact: true }).fill(String(900_000 + randomInt(0, 90_000)));
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(p, 'Subject created successfully');
    // The new subject continues on its edit page with Settings open.
    await p.waitForURL(
      (url) => /^\/subjects\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    const subject = await recordNamed('subjects', `Priced ${tag}`);
    expect(new URL(p.url()).pathname).toBe(`/subjects/${subject.id}`);
    const settingsTab = p.getByRole('tab', { name: 'Settings' });
    await expect.poll(() => settingsTab.getAttribute('aria-selected')).toBe('true');
    expect(await settingsTab.isDisabled()).toBe(false);
    const panel = p.getByRole('tabpanel', { name: 'Settings' });
    await panel.getByLabel('Original price').fill('40');
    await panel.getByLabel('Sale price').fill('45');
    await panel.getByLabel('Minimum QR purchase').fill('4');
    await panel.getByLabel('Multiple quantity restriction').selectOption('6');
    await panel.getByLabel('Expiry multiplier (days)').fill('7');
    await panel.getByLabel('Expiry days (addon)').fill('30');
    await panel.getByLabel('Expiry price (addon)').fill('15.5');
    await panel
      .getByRole('alert')
      .filter({ hasText: 'Sale price should be empty or less than Original Price' })
      .waitFor();
    const saveSettings = panel.getByRole('button', { name: 'Save settings' });
    expect(await saveSettings.isDisabled()).toBe(true);

    await panel.getByLabel('Sale price').fill('35.9');
    expect(await panel.getByRole('alert').count()).toBe(0);
    await saveSettings.click();
    await waitForToast(p, 'Subject updated successfully');
    await p.waitForURL((url) => url.pathname === '/subjects');
    expect((await db().ref(`subjects/${subject.id}/settings`).get()).val()).toEqual({
      originalPrice: 40,
      salePrice: 35.9,
      minimumQRPurchase: 4,
      multipleQtyRestriction: 6,
      expiryMultiplier: 7,
      expiryDays: 30,
      expiryPrice: 15.5,
    });
  });

  it('countries: marks a country obsolete and back', async () => {
    // Nauru: a country no other test or the demo data uses.
    const p = await adminPage();
    const storedNauru = async () => {
      const snap = await db().ref('countries').orderByChild('code').equalTo('NR').get();
      return (snap.val() as Record<string, { isObsolete: boolean }> | null) ?? {};
    };
    for (const id of Object.keys(await storedNauru())) cleanup.push(`countries/${id}`);
    expect(Object.keys(await storedNauru())).toEqual([]);

    await gotoInApp(p, '/countries');
    const table = p.getByRole('table', { name: 'Countries' });
    await search(p, 'Nauru');
    await expect.poll(() => firstColumnTexts(table)).toEqual(['Nauru']);
    // click, not check(): the row leaves the list once the record is stored.
    await p.getByRole('switch', { name: 'Nauru is obsolete' }).click();
    await waitForToast(p, 'The country was updated successfully.');
    // Stored now, so hidden without 'Show all' (spec 3), and flagged obsolete (spec 4).
    await expect.poll(() => table.getByText('Nauru').count()).toBe(0);
    const stored = await storedNauru();
    const ids = Object.keys(stored);
    cleanup.push(...ids.map((id) => `countries/${id}`));
    expect(Object.entries(stored)).toEqual([
      [ids[0], { id: ids[0], name: 'Nauru', code: 'NR', dial_code: '+674', isObsolete: true }],
    ]);

    await p.getByRole('switch', { name: 'Show all' }).check();
    const nauru = p.getByRole('switch', { name: 'Nauru is obsolete' });
    await expect.poll(() => nauru.isChecked()).toBe(true);
    await nauru.click();
    await waitForToast(p, 'The country was updated successfully.');
    await eventually(async () => Object.keys(await storedNauru()), []);
    await expect.poll(() => nauru.isChecked()).toBe(false);
  });
});
