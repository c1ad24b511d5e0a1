/**
 * Leaving a form with unsaved input asks first: the confirm dialog holds the
 * navigation, Cancel keeps the input, Leave goes on; an untouched form and a saved one leave
 * without asking; closing the tab with unsaved input raises the browser's beforeunload prompt.
 */
import { getDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, removePaths } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;
let page: Page;

beforeAll(async () => {
  session = await adminSession('unsaved-admin');
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'Unsaved changes' });
const goBack = () => page.getByRole('link', { name: 'Go Back' });

describe('unsaved changes', () => {
  it('asks before leaving a dirty form; Cancel keeps the input, Leave goes on', async () => {
    await page.goto('/field-schools/new');
    await page.getByLabel('Name', { exact: true }).fill('Half typed school');
    await goBack().click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/field-schools/new');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Half typed school');

    await goBack().click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/field-schools');
  });

  it('leaves an untouched form without asking', async () => {
    await page.goto('/field-schools/new');
    await page.getByLabel('Name', { exact: true }).waitFor();
    await goBack().click();
    await page.waitForURL((url) => url.pathname === '/field-schools');
    expect(await dialog().count()).toBe(0);
  });

  it('leaves without asking once the form is saved', async () => {
    const name = `Saved ${Date.now()}`;
    await page.goto('/field-levels/new');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Order', { exact: true }).fill('990101');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/field-levels');
    expect(await dialog().count()).toBe(0);
    await cleanUp(name);
  });

  it('raises the beforeunload prompt when the tab closes with unsaved input', async () => {
    await page.goto('/field-schools/new');
    await page.getByLabel('Name', { exact: true }).click();
    await page.keyboard.type('Closing');
    const prompt = page.waitForEvent('dialog', { timeout: 10_000 });
    await page.close({ runBeforeUnload: true });
    const shown = await prompt;
    expect(shown.type()).toBe('beforeunload');
    await shown.accept();
  });
});

/** Removes the field levels the save test created (found by name through the admin SDK). */
async function cleanUp(name: string) {
  const snapshot = await getDatabase(adminApp())
    .ref('fieldLevels')
    .orderByChild('name')
    .equalTo(name)
    .get();
  const ids = Object.keys((snapshot.val() as object | null) ?? {});
  if (ids.length) await removePaths(...ids.map((id) => `fieldLevels/${id}`));
}
