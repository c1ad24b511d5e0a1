/**
 * Users in Chromium against the local backend (spec 2 Users list, User form, Profile;
 * spec 4 creation steps and deletion; spec 6 permissions; spec 8 toasts). The tests of this file
 * run in order: the user created in the first is edited and deleted later. Every account and
 * record made here has a unique e-mail or id and is removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import type { Page } from 'playwright-core';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  latestOobCode,
  removePaths,
  uniqueId,
  uniqueEmail,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, newPage, signIn, signedInPage } from '../support/browser';
import { TINY_PNG } from '../support/rulesMatrix';
import type { User } from '@/features/users/types';

const pages: Page[] = [];
const accounts: string[] = [];
const emails: string[] = [];
const records: string[] = [];
let admin: TestAccount;

/** A fresh browser's page, for an invitee or a member (closed after the file). */
async function page(): Promise<Page> {
  const p = await newPage({ locale: 'en' });
  pages.push(p);
  return p;
}

/**
 * The admin's page, signed in once for the file's admin tests, each opening its screen inside the
 * running app (gotoInApp: no new load and start of the app per screen); closeBrowser closes it.
 */
const adminPage = () => signedInPage(admin, { locale: 'en', inApp: true });

const db = () => getAdminDatabase(adminApp());
const bucket = () => getAdminStorage(adminApp()).bucket(backend.storageBucket);
const readUser = async (uid: string) =>
  (await db().ref(`users/${uid}`).get()).val() as Omit<User, 'id'> | null;

/**
 * Names in the users table's rows (third cell: the first is the bulk-selection checkbox, the
 * second the logo), in display order.
 */
async function listedNames(p: Page): Promise<string[]> {
  const rows = p.getByRole('table', { name: 'Users' }).locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.children[2]?.textContent ?? ''));
}

beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('users-admin'),
    isAdmin: true,
    record: { name: 'E2E Admin' },
  });
  accounts.push(admin.uid);
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  await Promise.all(accounts.map(deleteAccount));
  await Promise.all(emails.map(deleteAccountByEmail));
  await removePaths(...records.map((id) => `users/${id}`));
});

describe('users (admin)', () => {
  const invitee = { email: uniqueEmail('invitee'), uid: '' };

  it('creates a user with a logo; the invitee follows the link, sets a password, signs in', async () => {
    emails.push(invitee.email);
    const p = await adminPage();
    await gotoInApp(p, '/users');
    await p.getByRole('link', { name: 'New User' }).click();
    await p.waitForURL('**/users/new');

    const save = p.getByRole('button', { name: 'Save' });
    await p.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await p.getByLabel('Name', { exact: true }).fill('Invited Person');
    await p.getByLabel('Location', { exact: true }).fill('Valparaíso');
    await p.getByText('Invalid E-mail').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await p.getByLabel('E-mail', { exact: true }).fill(invitee.email);
    await p.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(TINY_PNG),
    });
    const preview = p.getByRole('region', { name: 'User Preview' });
    await preview.getByText('Invited Person').waitFor();
    await preview.getByText('Valparaíso').waitFor();

    await save.click();
    await p.getByText('User created successfully').waitFor({ timeout: 30_000 });
    await p.waitForURL((url) => url.pathname === '/users');

    invitee.uid = (await getAdminAuth(adminApp()).getUserByEmail(invitee.email)).uid;
    const record = await readUser(invitee.uid);
    expect(record).toMatchObject({
      email: invitee.email,
      name: 'Invited Person',
      location: 'Valparaíso',
      isAdmin: false,
    });
    // The logo is stored as users/{uid}.png and shown through its 200x200 copy (spec 3 Files).
    expect(record?.logoUrl).toContain(`users%2F${invitee.uid}_200x200.png`);
    expect((await bucket().file(`users/${invitee.uid}.png`).exists())[0]).toBe(true);
    const claims = (await getAdminAuth(adminApp()).getUser(invitee.uid)).customClaims ?? {};
    expect(claims.admin).toBeFalsy();

    // The invitation (spec 7): a sign-in link to /login; the invitee sets a password.
    const code = await latestOobCode(invitee.email, 'EMAIL_SIGNIN');
    expect(code).toBeDefined();
    const q = await page();
    await q.goto(code!.oobLink);
    await q.getByRole('heading', { name: 'Set your new password' }).waitFor();
    await q.getByLabel('Password', { exact: true }).fill('invitee-pass');
    await q.getByLabel('Confirm new password', { exact: true }).fill('invitee-pass');
    await q.getByRole('button', { name: 'Set Password' }).click();
    await q.waitForURL((url) => url.pathname === '/');
    const again = await page();
    await signIn(again, invitee.email, 'invitee-pass', { form: true });
  });

  it('filters, sorts and pages the list, without the signed-in admin', async () => {
    const tag = uniqueId('loc').replaceAll('-', '');
    const names = [
      'Olga',
      'bea',
      'Nuria',
      'Alma',
      'Dora',
      'Inés',
      'Eva',
      'Maya',
      'Lola',
      'Cora',
      'Hana',
      'Gema',
    ];
    await Promise.all(
      names.map((name, i) => {
        const id = uniqueId('listed');
        records.push(id);
        return db()
          .ref(`users/${id}`)
          .set({
            name,
            email: `${id}@tuition.test`,
            location: `${tag} Town`,
            isAdmin: i === 0,
            createdAt: Date.UTC(2020, 0, 1 + i),
            logoUrl: null,
          });
      }),
    );
    const p = await adminPage();
    await gotoInApp(p, '/users');
    await p.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    const search = p.getByRole('searchbox', { name: 'Search' });
    await search.fill(admin.email);
    await p.getByText('No records to show').waitFor();

    await search.fill(tag.toUpperCase());
    await p.getByText('12 records').waitFor();
    // Newest first by default (spec: created desc), 10 on the first page.
    await expect
      .poll(() => listedNames(p))
      .toEqual(['Gema', 'Hana', 'Cora', 'Lola', 'Maya', 'Eva', 'Inés', 'Dora', 'Alma', 'Nuria']);
    // Admin rows (Olga) can be edited (a demotion starts there), never deleted from the list.
    await p.getByRole('combobox', { name: 'Rows per page' }).selectOption('5');
    await p.getByRole('button', { name: 'Go to page 3' }).click();
    await expect.poll(() => listedNames(p)).toEqual(['bea', 'Olga']);
    expect(await p.getByRole('button', { name: 'Delete Olga' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Edit Olga' }).count()).toBe(1);
    await p.getByRole('button', { name: 'Delete bea' }).waitFor();

    await p.getByRole('button', { name: 'Name', exact: true }).click();
    expect(await p.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await expect.poll(() => listedNames(p)).toEqual(['Alma', 'bea', 'Cora', 'Dora', 'Eva']);
    await p.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => listedNames(p)).toEqual(['Olga', 'Nuria', 'Maya', 'Lola', 'Inés']);

    // The date as displayed is searchable too ('Fri, Jan 3, 2020' is Nuria's).
    await search.fill(`${tag}`);
    await search.fill('jan 3, 2020');
    await expect.poll(() => listedNames(p)).toContain('Nuria');
  });

  it('edits a user: e-mail read-only, toast, back to the list, record updated', async () => {
    const p = await adminPage();
    await gotoInApp(p, '/users');
    await p.getByRole('searchbox', { name: 'Search' }).fill(invitee.email);
    await p.getByRole('link', { name: 'Edit Invited Person' }).click();
    await p.waitForURL(`**/users/${invitee.uid}`);
    const email = p.getByLabel('E-mail', { exact: true });
    await expect.poll(() => email.inputValue()).toBe(invitee.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await p.getByLabel('Name', { exact: true }).fill('Renamed Person');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('User updated successfully').waitFor();
    await p.waitForURL((url) => url.pathname === '/users');
    expect(await readUser(invitee.uid)).toMatchObject({
      name: 'Renamed Person',
      email: invitee.email,
    });
  });

  it('goes back to the list when the user cannot be loaded', async () => {
    const p = await adminPage();
    await gotoInApp(p, `/users/${uniqueId('missing')}`);
    await p.waitForURL((url) => url.pathname === '/users');
  });

  it('deletes a user after confirming; the logo files go too', async () => {
    const p = await adminPage();
    await gotoInApp(p, '/users');
    await p.getByRole('searchbox', { name: 'Search' }).fill(invitee.email);
    await p.getByRole('button', { name: 'Delete Renamed Person' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirm action' });
    await dialog
      .getByText('This will permanently delete the user. Action can not be undone.')
      .waitFor();
    // The focus starts on Cancel (the least destructive action): Enter pressed at once keeps
    // the user.
    await expect.poll(() => p.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await p.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await readUser(invitee.uid)).not.toBeNull();

    await p.getByRole('button', { name: 'Delete Renamed Person' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await p.getByText('The user was deleted.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await p.getByText('No records to show').waitFor();
    expect(await readUser(invitee.uid)).toBeNull();
    expect((await bucket().file(`users/${invitee.uid}.png`).exists())[0]).toBe(false);
    expect((await bucket().file(`users/${invitee.uid}_200x200.png`).exists())[0]).toBe(false);
  });
});

describe('profile (non-admin)', () => {
  it('edits their own profile and changes their password', async () => {
    const member = await createAccount({
      email: uniqueEmail('member'),
      record: { name: 'Member One', location: 'Quito' },
    });
    accounts.push(member.uid);
    const p = await page();
    await signIn(p, member.email, member.password);
    await gotoInApp(p, '/profile');
    await p.getByRole('heading', { name: 'User Information' }).waitFor();
    expect(await p.getByLabel('Is Admin', { exact: true }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Go Back' }).count()).toBe(0);
    expect(await p.getByLabel('E-mail', { exact: true }).getAttribute('readonly')).not.toBeNull();

    await p.getByLabel('Location', { exact: true }).fill('Cuenca');
    await p.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(TINY_PNG),
    });
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Profile updated successfully').waitFor({ timeout: 30_000 });
    const record = await readUser(member.uid);
    expect(record).toMatchObject({ location: 'Cuenca', isAdmin: false, email: member.email });
    expect(record?.logoUrl).toContain(`users%2F${member.uid}_200x200.png`);

    await p.getByLabel('Current password', { exact: true }).fill(member.password);
    await p.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await p.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText('Password changed successfully.').waitFor();

    const again = await page();
    await signIn(again, member.email, 'brand-new-pass', { form: true });
    await bucket().deleteFiles({ prefix: `users/${member.uid}` });
  });
});
