/**
 * A record open in a form that another admin changes or deletes meanwhile says so: the other
 * admin is the admin SDK writing to the local backend while this admin's form is open in
 * Chromium. The notice appears within 1 s; Reload shows the stored values; a save after
 * the change writes only the fields this admin changed; a deleted record's form cannot be saved.
 * A student's form (the people forms) gets the notice too, and not for this admin's own write
 * from another tab of the page.
 */
import { getDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPath, personRow } from '@/shared/domain/derived/listRows';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { adminSession, gotoInApp, newPage, signIn, type AdminSession } from '../support/browser';

const db = () => getDatabase(adminApp());
const tag = uniqueId('remote');
const schoolId = `${tag}-school`;
const studentId = `${tag}-student`;
const subjectId = `${tag}-subject`;
/** How soon the notice must show after the other admin's write completes. */
const NOTICE_MS = 1000;

let session: AdminSession | undefined;
let page: Page;
/** The other admin, signed in in a browser context of their own. */
let other: { admin: TestAccount; page: Page } | undefined;

const school = () => ({
  id: schoolId,
  name: `School ${tag}`,
  countryId: 'SG',
  address1: '1 Orchard Road',
  address2: '',
  postcode: '238801',
  isObsolete: false,
  order: 990_001,
  createdAt: Date.now(),
});

beforeAll(async () => {
  session = await adminSession('remote-changes');
  page = session.page;
});

afterAll(async () => {
  if (other) {
    await other.page.context().close();
    await deleteAccount(other.admin.uid);
  }
  await removePaths(
    `subjects/${subjectId}`,
    `schools/${schoolId}`,
    `students/${studentId}`,
    `${listPath('students')}/${studentId}`,
  );
  await session?.close();
});

const changedNotice = () =>
  page.getByRole('alert').filter({ hasText: 'Another administrator changed this record.' });
const deletedNotice = () =>
  page.getByRole('alert').filter({ hasText: 'Another administrator deleted this record.' });
const nameField = () => page.getByLabel('Name', { exact: true });

/** Opens the school's edit form and waits until it shows the stored name. */
async function openSchool() {
  await gotoInApp(page, `/field-schools/${schoolId}`);
  await expect.poll(() => nameField().inputValue()).toBe(school().name);
}

/** Runs the other admin's write, then waits for `notice`; resolves the ms it took to show. */
async function noticeAfter(
  write: () => Promise<unknown>,
  notice: ReturnType<typeof changedNotice>,
) {
  await write();
  const start = Date.now();
  await notice.waitFor({ timeout: NOTICE_MS });
  return Date.now() - start;
}

describe('a form whose record another admin changes', () => {
  it('says so within 1 s, names the field, and Reload shows the stored values', async () => {
    await db().ref(`schools/${schoolId}`).set(school());
    await openSchool();
    expect(await changedNotice().count()).toBe(0);
    await page.getByLabel('Postcode', { exact: true }).fill('000000');

    const ms = await noticeAfter(
      () => db().ref(`schools/${schoolId}`).update({ name: 'Renamed elsewhere' }),
      changedNotice(),
    );
    console.info(`school form: notice ${ms} ms after the other admin's write`);
    expect(await changedNotice().textContent()).toContain('Fields they changed: Name.');
    // The form still holds what this admin sees and typed until Reload.
    expect(await nameField().inputValue()).toBe(school().name);

    await changedNotice().getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => nameField().inputValue()).toBe('Renamed elsewhere');
    expect(await page.getByLabel('Postcode', { exact: true }).inputValue()).toBe('238801');
    await changedNotice().waitFor({ state: 'detached' });
  });

  it("saving after the change writes only this admin's fields; the other admin's stay", async () => {
    await db().ref(`schools/${schoolId}`).set(school());
    await openSchool();
    await page.getByLabel('Postcode', { exact: true }).fill('049315');
    await noticeAfter(
      () => db().ref(`schools/${schoolId}`).update({ name: 'Theirs', address1: '2 Other Road' }),
      changedNotice(),
    );
    expect(await changedNotice().textContent()).toContain(
      'Fields they changed: Address line 1 and Name.',
    );

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/field-schools');
    const stored = (await db().ref(`schools/${schoolId}`).get()).val() as Record<string, unknown>;
    expect(stored).toMatchObject({ name: 'Theirs', address1: '2 Other Road', postcode: '049315' });
  });

  it('says when the record was deleted, and Save is disabled', async () => {
    await db().ref(`schools/${schoolId}`).set(school());
    await openSchool();
    await nameField().fill('Mine');
    const ms = await noticeAfter(() => db().ref(`schools/${schoolId}`).remove(), deletedNotice());
    console.info(`school form: deleted notice ${ms} ms after the other admin's delete`);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(await changedNotice().count()).toBe(0);
    // Enter in a field submits nothing either: the record stays deleted.
    await page.keyboard.press('Enter');
    expect((await db().ref(`schools/${schoolId}`).get()).exists()).toBe(false);
  });

  it("a student's form says so too, and Reload shows the stored values", async () => {
    const student = {
      id: studentId,
      userType: 'student',
      name: `Student ${tag}`,
      email: `${tag}@example.com`,
      mobile: '+65 9123 4567',
      gender: 'female',
      countryId: 'SG',
      postcode: '111111',
      status: true,
      createdAt: Date.now(),
      isTested: true,
      testResult: [3, 18, 0, 7, 9, 12, 4, 6],
    };
    // The record with its list row, as the app writes them (the rules demand both).
    await db()
      .ref()
      .update({
        [`students/${studentId}`]: student,
        [`${listPath('students')}/${studentId}`]: personRow(studentId, student),
      });
    await gotoInApp(page, `/students/${studentId}`);
    await expect.poll(() => nameField().inputValue()).toBe(`Student ${tag}`);
    const ms = await noticeAfter(
      () => db().ref(`students/${studentId}`).update({ postcode: '222222' }),
      changedNotice(),
    );
    console.info(`student form: notice ${ms} ms after the other admin's write`);
    expect(await changedNotice().textContent()).toContain('Fields they changed: Postcode.');
    await changedNotice().getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.getByLabel('Postcode', { exact: true }).inputValue())
      .toBe('222222');
    await changedNotice().waitFor({ state: 'detached' });

    // This admin's own write from another tab of the page (the test result's reset) is no
    // other admin's change.
    await page.getByRole('tab', { name: 'Test result' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await page
      .getByText('This user has not completed the multiple intelligence test yet!')
      .waitFor();
    await page.getByRole('tab', { name: 'Basic Profile' }).click();
    await nameField().waitFor();
    expect(await changedNotice().count()).toBe(0);
  });

  it("two admins: one saves a subject's settings, the other's open form says so and keeps them", async () => {
    const settings = {
      originalPrice: 100,
      salePrice: null,
      minimumQRPurchase: 1,
      multipleQtyRestriction: 2,
      expiryMultiplier: 1,
      expiryDays: 30,
      expiryPrice: 10,
    };
    await db()
      .ref(`subjects/${subjectId}`)
      .set({
        id: subjectId,
        name: `Subject ${tag}`,
        levelStart: '',
        levelEnd: '',
        countryId: 'SG',
        isObsolete: false,
        order: 990_002,
        createdAt: Date.now(),
        settings,
      });
    const admin = await createAccount({ email: uniqueEmail('remote-other'), isAdmin: true });
    other = { admin, page: await newPage() };
    await signIn(other.page, admin.email, admin.password);

    const openSettings = async (p: Page) => {
      await gotoInApp(p, `/subjects/${subjectId}`);
      await p.getByRole('tab', { name: 'Settings' }).click();
      const price = p.getByLabel('Original price', { exact: true });
      await expect.poll(() => price.inputValue()).toBe('100');
    };
    await openSettings(page);
    await openSettings(other.page);
    await page.getByLabel('Expiry days (addon)', { exact: true }).fill('45');

    await other.page.getByLabel('Original price', { exact: true }).fill('120');
    await other.page.getByRole('button', { name: 'Save settings', exact: true }).click();
    await other.page.waitForURL((url) => url.pathname === '/subjects');
    const start = Date.now();
    await changedNotice().waitFor({ timeout: NOTICE_MS });
    console.info(`subject form: notice ${Date.now() - start} ms after the other admin's save`);
    expect(await changedNotice().textContent()).toContain('Fields they changed: Original price.');

    await page.getByRole('button', { name: 'Save settings', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/subjects');
    const stored = (await db().ref(`subjects/${subjectId}/settings`).get()).val() as object;
    expect(stored).toEqual({
      ...settings,
      salePrice: undefined,
      originalPrice: 120,
      expiryDays: 45,
    });
  });
});
