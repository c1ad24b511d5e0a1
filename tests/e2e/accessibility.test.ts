/**
 * Accessibility audit in Chromium with axe-core (Deque's engine; its default rule set: WCAG 2.x
 * A and AA plus best practices) of every kind of screen: sign-in in both languages, the
 * dashboard, lists, a form with each of its tabs, a confirm dialog, the profile and the public
 * pages. A violation fails the test and names the rule and the elements. The data shown is
 * made here (a student with a test result, a paid order, a subject on sale) and removed after.
 */
import { createRequire } from 'node:module';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { adminSession, closeBrowser, newPage } from '../support/browser';
import {
  adminScreens,
  eachTab,
  openScreen,
  publicScreens,
  settle,
  writeScreenData,
} from '../support/screens';
import { studentRecord } from '../integration/peopleFixtures';
import { orderRecord } from '../support/orderFixture';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DAY = 86_400_000;

let staff: TestAccount;
const paths: string[] = [];
const studentId = uniqueId('a11y-student');
const orderId = uniqueId('a11y').slice(0, 24);
const secondOrderId = uniqueId('a11y2').slice(0, 24);
const subjectId = uniqueId('a11y-subject');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
}

/**
 * Runs axe on the page as it is; returns one line per violated rule, e.g. 'color-contrast: td >
 * span'. Every rule runs; `resultTypes: ['violations']` only spares axe describing every node that
 * passed (a selector and the HTML of each, most of its time on a long list): axe's API docs,
 * "resultTypes".
 */
async function violations(p: Page): Promise<string[]> {
  // Once per document: a screen opened inside the app (openScreen) keeps it.
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE_SCRIPT });
  const result = await p.evaluate(() =>
    (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<AxeResult> };
      }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

beforeAll(async () => {
  // The users list leaves out the signed-in admin; this one is listed.
  staff = await createAccount({ record: { name: 'Audit Staff' } });
  const db = getAdminDatabase(adminApp());
  paths.push(
    `students/${studentId}`,
    `orders/${orderId}`,
    `orders/${secondOrderId}`,
    `subjects/${subjectId}`,
  );
  await writeRecords({
    [`students/${studentId}`]: {
      ...studentRecord('Audit Student'),
      isTested: true,
      testResult: [12, 8, 5, 14, 9, 16, 7, 3],
    },
  });
  // Two orders, so the list has a striped (grey) row too: contrast is checked on both.
  for (const [id, status] of [
    // Pending: its payment page shows the PayNow code (a paid order's shows none).
    [orderId, 'pending'],
    [secondOrderId, 'approved'],
  ] as const)
    await writeRecords({
      [`orders/${id}`]: orderRecord(id, Date.now() - DAY, {
        studentName: 'Audit Student',
        studentEmail: 'audit.student@tuition.test',
        tutorName: 'Audit Tutor',
        tutorEmail: 'audit.tutor@tuition.test',
        total: 180,
        status,
        expiredDate: Date.now() + 5 * DAY,
        order: -1,
      }),
    });
  await db.ref(`subjects/${subjectId}`).set({
    name: 'Audit Physics',
    levelStart: '',
    levelEnd: '',
    countryId: 'SG',
    isObsolete: false,
    order: 0,
    createdAt: Date.now(),
    // A sale price, so the list shows the struck-through original price too.
    settings: {
      originalPrice: 60,
      salePrice: 45,
      minimumQRPurchase: 4,
      multipleQtyRestriction: 2,
      expiryMultiplier: 7,
      expiryDays: 30,
      expiryPrice: 15,
    },
  });
});

afterAll(async () => {
  await closeBrowser();
  await removePaths(...paths);
  await deleteAccount(staff.uid);
});

describe('accessibility (axe-core)', () => {
  it('sign-in in Spanish (in English: the signed-out pages of the every-route test)', async () => {
    const p = await newPage({ locale: 'es' });
    await p.goto('/login');
    await p.getByRole('heading', { level: 1 }).waitFor();
    expect(await violations(p), '/login (es)').toEqual([]);
    await p.context().close();
  });

  it('the public pages: order QR, payment instructions, result chart', async () => {
    const p = await newPage({ width: 390, height: 800 });
    const pages: Array<[string, string | RegExp]> = [
      [`/qrcode/${orderId}`, `QR code of order ${orderId}`],
      [`/payment/${orderId}/180`, /PayNow/],
      ['/chart/12,8,5,14,9,16,7,3', /Linguistic/],
    ];
    for (const [path, image] of pages) {
      await p.goto(path);
      await p.getByRole('img', { name: image }).first().waitFor();
      expect(await violations(p), path).toEqual([]);
    }
  });

  it('every route of the app, each tab of its forms, signed in and signed out; a dialog', async () => {
    // The route list comes from the resource registry (tests/support/screens.ts), so a screen
    // added later is audited too. One pass: a screen is opened and audited once, after the
    // records written above for it are drawn (a striped second order row, a struck-through sale
    // price, the staff member, a student's result chart), beside the demo data set's.
    const session = await adminSession('a11y-every-screen');
    const data = await writeScreenData(session.admin.uid);
    const ownRecords: Record<string, (page: Page) => Promise<unknown>> = {
      '/': (page) => page.getByRole('table').first().waitFor(),
      '/users': (page) => page.getByRole('cell', { name: staff.email }).waitFor(),
      '/students': (page) => page.getByRole('cell', { name: 'Audit Student' }).first().waitFor(),
      '/orders': (page) => page.getByRole('cell', { name: orderId }).first().waitFor(),
      '/subjects': (page) => page.getByRole('cell', { name: 'Audit Physics' }).first().waitFor(),
      '/statistic': (page) => page.getByRole('table').first().waitFor(),
    };
    try {
      const found: string[] = [];
      const audit = async (p: Page, route: string) => {
        await openScreen(p, route);
        await settle(p);
        await ownRecords[route]?.(p);
        await eachTab(p, async (tab) => {
          // This file's student has a test result: its chart is drawn before axe runs.
          if (route === `/students/${studentId}` && tab === 'Test result')
            await p.getByRole('img', { name: /Linguistic/ }).waitFor();
          for (const v of await violations(p))
            found.push(`${route}${tab ? ` (tab ${tab})` : ''}: ${v}`);
        });
      };
      const routes = await adminScreens(data);
      // This file's student too: a form whose every tab has data (the result chart).
      for (const route of [...routes, `/students/${studentId}`]) await audit(session.page, route);
      const p = session.page;
      await openScreen(p, '/orders');
      await ownRecords['/orders']!(p);
      await p.getByRole('button', { name: `Approve order ${orderId}` }).click();
      await p.getByRole('dialog', { name: 'Approve order' }).waitFor();
      for (const v of await violations(p)) found.push(`approve dialog: ${v}`);
      const visitor = await newPage();
      for (const route of publicScreens(data)) await audit(visitor, route);
      await visitor.context().close();
      expect(found).toEqual([]);
    } finally {
      await data.remove();
      await session.close();
    }
  }, 300_000);
});
