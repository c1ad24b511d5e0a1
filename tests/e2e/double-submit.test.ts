/**
 * A create form saves once however often it is submitted (issue 14): Enter pressed twice within
 * 50 ms on the schools, field levels, subjects and browsing levels forms stores one record (it
 * used to store two: the guard existed for double clicks only).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;
let page: Page;
const created: string[] = [];

beforeAll(async () => {
  session = await adminSession('double-admin');
  page = session.page;
});

afterAll(async () => {
  if (created.length) await removePaths(...created);
  await session?.close();
});

const FORMS: Array<{ path: string; route: string; fill: (p: Page) => Promise<void> }> = [
  {
    path: 'schools',
    route: '/field-schools/new',
    fill: async (p) => {
      await p.getByLabel('Order', { exact: true }).fill('990001');
      await p.getByLabel('Address line 1').fill('1 Test Road');
      await p.getByLabel('Postcode').fill('123456');
    },
  },
  {
    path: 'fieldLevels',
    route: '/field-levels/new',
    fill: (p) => p.getByLabel('Order', { exact: true }).fill('990002'),
  },
  {
    path: 'subjects',
    route: '/subjects/new',
    fill: (p) => p.getByLabel('Order', { exact: true }).fill('990003'),
  },
  {
    path: 'levels',
    route: '/browsing-levels/new',
    fill: async (p) => {
      await p.getByLabel('Description', { exact: true }).fill('Twice pressed');
      await p.getByLabel('Access by', { exact: true }).selectOption({ label: 'Student (Paid)' });
    },
  },
];

describe('Enter pressed twice within 50 ms', () => {
  for (const form of FORMS) {
    it(`stores one ${form.path} record`, async () => {
      const name = `Twice ${uniqueId('dbl').slice(-10)}`;
      await page.goto(form.route);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await form.fill(page);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect.poll(() => save.isDisabled()).toBe(false);
      // Two submits 30 ms apart, as two quick Enter presses in a field make them.
      await page.evaluate(() => {
        const element = document.querySelector('main form');
        if (!(element instanceof HTMLFormElement)) throw new Error('no form');
        element.requestSubmit();
        setTimeout(() => element.requestSubmit(), 30);
      });
      await page.waitForURL((url) => !url.pathname.endsWith('/new'));
      await page.waitForTimeout(1000);
      const snapshot = await getAdminDatabase(adminApp())
        .ref(form.path)
        .orderByChild('name')
        .equalTo(name)
        .get();
      const ids = Object.keys((snapshot.val() as object | null) ?? {});
      created.push(...ids.map((id) => `${form.path}/${id}`));
      expect(ids).toHaveLength(1);
    });
  }
});
