/**
 * The audit log in Chromium: an admin edits a school, opens its History link from
 * the form, sees the entry with the changed field before and after, and filters the log by
 * entity and by days. The school is made for this test and removed afterwards with its entries.
 */
import { format } from 'date-fns';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAsImport } from '../../emulators/admin';
import { adminApp, removePaths, triggersSettled, uniqueId } from '../support/backend';
import { adminSession, gotoInApp, type AdminSession } from '../support/browser';

const db = () => getAdminDatabase(adminApp());
let session: AdminSession | undefined;
const schoolId = uniqueId('audit-school');
const tag = schoolId.replaceAll('-', '').slice(-10);

beforeAll(async () => {
  // Loaded as an import (no trigger event), so the log holds only what the test does.
  await writeAsImport({
    [`schools/${schoolId}`]: {
      id: schoolId,
      name: `Audit ${tag}`,
      countryId: 'SG',
      address1: '1 Audit Road',
      // As the form stores it (an empty optional field is saved as '').
      address2: '',
      postcode: '123456',
      isObsolete: false,
      order: 990_000,
      createdAt: 1_700_000_000_000,
    },
  });
  session = await adminSession('audit-e2e');
});

afterAll(async () => {
  const entries = await db().ref('auditLog').orderByChild('recordId').equalTo(schoolId).get();
  await removePaths(
    `schools/${schoolId}`,
    ...Object.keys((entries.val() as object | null) ?? {}).map((key) => `auditLog/${key}`),
  );
  await session?.close();
});

/** The audit table's rows that mention this test's school. */
const schoolRows = (p: Page) =>
  p.getByRole('table', { name: 'Audit log' }).locator('tbody tr').filter({ hasText: tag });

describe('audit log', () => {
  it("lists a school's edit from its History link, and filters by entity", async () => {
    const p = (session as AdminSession).page;
    await gotoInApp(p, `/field-schools/${schoolId}`);
    const name = p.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(`Audit ${tag}`);
    await name.fill(`Audit2 ${tag}`);
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByText('School updated successfully', { exact: true }).first().waitFor();
    await p.waitForURL((url) => url.pathname === '/field-schools');

    // The entry as the server stored it: by this admin, only the changed field.
    const stored = async () =>
      Object.values(
        ((await db().ref('auditLog').orderByChild('recordId').equalTo(schoolId).get()).val() ??
          {}) as Record<string, { by: string; action: string; before: object; after: object }>,
      );
    // The trigger writes the entry after the save; wait for it rather than for a fixed time.
    await triggersSettled();
    await expect.poll(stored).toEqual([
      expect.objectContaining({
        by: (session as AdminSession).admin.uid,
        action: 'update',
        before: { name: `Audit ${tag}` },
        after: { name: `Audit2 ${tag}` },
      }),
    ]);

    // From the form, its history.
    await gotoInApp(p, `/field-schools/${schoolId}`);
    await p.getByRole('link', { name: 'History', exact: true }).click();
    await p.waitForURL((url) => url.pathname === '/audit');
    expect(new URL(p.url()).searchParams.get('record')).toBe(schoolId);
    const rows = schoolRows(p);
    await expect.poll(() => rows.count()).toBe(1);
    const text = (await rows.first().innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Updated');
    expect(text).toContain('Schools');
    expect(text).toContain(`Name: Audit ${tag} → Audit2 ${tag}`);

    // Filter by entity: the school's entry is not an order's...
    await p.getByLabel('Entity', { exact: true }).selectOption({ label: 'Orders' });
    await p.getByRole('button', { name: 'Filter', exact: true }).click();
    await p.getByText('No records to show').waitFor();
    expect(await schoolRows(p).count()).toBe(0);
    // ...and is among the schools' entries, without the record filter.
    await p.getByLabel('Entity', { exact: true }).selectOption({ label: 'Schools' });
    await p.getByLabel('Record id', { exact: true }).fill('');
    await p.getByRole('button', { name: 'Filter', exact: true }).click();
    await p.waitForURL((url) => url.searchParams.get('entity') === 'schools');
    expect(new URL(p.url()).searchParams.has('record')).toBe(false);
    await p.getByLabel('Search', { exact: true }).fill(tag);
    await expect.poll(() => schoolRows(p).count()).toBe(1);
  });

  it('filters by days typed dd/mm/yyyy, and refuses a date that is none or a range backwards', async () => {
    const p = (session as AdminSession).page;
    await gotoInApp(p, `/audit?record=${schoolId}`);
    await expect.poll(() => schoolRows(p).count()).toBe(1);
    const from = p.getByLabel('From', { exact: true });
    const until = p.getByLabel('Until', { exact: true });
    const filter = p.getByRole('button', { name: 'Filter', exact: true });
    // Leaves the date fields (their calendars close), as a person clicking elsewhere does.
    const leaveDates = () => p.getByLabel('Record id', { exact: true }).click();
    const dayText = (d: Date) => format(d, 'dd/MM/yyyy');
    const iso = (d: Date) => format(d, 'yyyy-MM-dd');
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);

    // Not a date: said on the field, and the filter in force stays.
    await from.fill('31/02/2026');
    await leaveDates();
    await p.getByText('Invalid date', { exact: true }).waitFor();
    await filter.click();
    expect(new URL(p.url()).searchParams.has('from')).toBe(false);

    // Until before From: said on Until, nothing applied.
    await from.fill(dayText(today));
    await until.fill(dayText(yesterday));
    await leaveDates();
    await p.getByText('Until cannot be before From', { exact: true }).waitFor();
    await filter.click();
    expect(new URL(p.url()).searchParams.has('to')).toBe(false);

    // Today only: applied, in the query string as days, and today's edit is listed.
    await until.fill(dayText(today));
    await leaveDates();
    await filter.click();
    await p.waitForURL((url) => url.searchParams.get('to') === iso(today));
    expect(new URL(p.url()).searchParams.get('from')).toBe(iso(today));
    await expect.poll(() => schoolRows(p).count()).toBe(1);
    // Yesterday only: the edit was made today.
    await from.fill(dayText(yesterday));
    await until.fill(dayText(yesterday));
    await leaveDates();
    await filter.click();
    await p.waitForURL((url) => url.searchParams.get('to') === iso(yesterday));
    await expect.poll(() => schoolRows(p).count()).toBe(0);
  });
});
