/**
 * Dates typed as a person types them: the student form's date of birth accepts only
 * dd/MM/yyyy with a four-digit year; `01/02/20`, `31/02/2020` and `abc` show 'Invalid date' and
 * keep the form from saving, where they used to store the year 20 or silently empty the field.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;
let page: Page;

beforeAll(async () => {
  session = await adminSession('dates-admin');
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe('date of birth', () => {
  it.each(['01/02/20', '31/02/2020', 'abc'])(
    "%s shows 'Invalid date' and cannot be saved",
    async (typed) => {
      await page.goto('/students/new');
      await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('dates-student'));
      await page.getByLabel('Name', { exact: true }).fill('Date Student');
      const dob = page.getByLabel('Date of birth', { exact: true });
      await dob.fill(typed);
      await page.getByLabel('Name', { exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid date' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    },
  );

  it('accepts a real date written dd/MM/yyyy', async () => {
    await page.goto('/students/new');
    const dob = page.getByLabel('Date of birth', { exact: true });
    await dob.fill('01/02/2020');
    await page.getByLabel('Name', { exact: true }).click();
    expect(await dob.inputValue()).toBe('01/02/2020');
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid date' }).count()).toBe(0);
  });
});
