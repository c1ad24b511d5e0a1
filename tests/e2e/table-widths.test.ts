/**
 * Tables at every screen size: at 320, 390, 768, 991, 1280 and 1920 px the students,
 * tutors and orders lists fit their card (no sideways scroll), no cell's text is cut, and no
 * cell lies under the sticky actions column; a record key that wraps breaks evenly; the values of
 * columns hidden for lack of width are shown inside the row. Runs on 12 students, 8 tutors and
 * 12 orders of its own from the demo generator (a seed no other test uses), removed afterwards.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../emulators/seed/build';
import {
  writeRecords,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, signedInPage } from '../support/browser';
import { studentRecord } from '../integration/peopleFixtures';

const WIDTHS = [320, 390, 768, 991, 1280, 1920];
const LISTS = [
  { route: '/students', table: 'Students' },
  { route: '/tutors', table: 'Tutors' },
  { route: '/orders', table: 'Orders' },
];
const data = buildDemoData({ students: 12, tutors: 8, orders: 12, seed: 1717 });
const paths = (['students', 'tutors', 'orders'] as const).flatMap((collection) =>
  Object.keys(data[collection]).map((id) => `${collection}/${id}`),
);
/** Students of the arriving-row test: a name token no other record has, seven ids. */
const foldToken = uniqueId('foldcheck').replaceAll('-', '');
const foldIds = Array.from({ length: 7 }, (_, n) => uniqueId(`fold-${n}`));
const DAY = 86_400_000;
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('table-widths-admin'),
    isAdmin: true,
    record: { name: 'Table Widths Admin' },
  });
  const updates: Record<string, unknown> = {};
  for (const path of paths) {
    const [collection, id] = path.split('/') as ['students' | 'tutors' | 'orders', string];
    updates[path] = data[collection][id];
  }
  await writeRecords(updates);
});

afterAll(async () => {
  await closeBrowser();
  await removePaths(...paths, ...foldIds.map((id) => `students/${id}`));
  if (admin) await deleteAccount(admin.uid);
});

/** What is wrong with the named table's layout, as texts (empty when nothing is). */
function layoutProblems(page: Page, table: string): Promise<string[]> {
  return page.evaluate((name) => {
    const problems: string[] = [];
    const element = document.querySelector(`table[aria-label="${name}"]`);
    const container = element?.closest('.table-container');
    if (!element || !container) return [`no table ${name}`];
    if (container.scrollWidth > container.clientWidth + 1) {
      problems.push(`scrolls sideways: ${container.scrollWidth} > ${container.clientWidth}`);
    }
    for (const row of Array.from(element.querySelectorAll('tbody tr'))) {
      const actions = row.querySelector('td.is-row-actions')?.getBoundingClientRect();
      for (const cell of Array.from(row.querySelectorAll('td'))) {
        const text = cell.textContent?.trim() ?? '';
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cut: ${text}`);
        if (actions && !cell.classList.contains('is-row-actions')) {
          const box = cell.getBoundingClientRect();
          if (box.right > actions.left + 1) problems.push(`under the actions: ${text}`);
        }
      }
    }
    // A record key that wraps (orders' push ids on a phone) breaks evenly, not after its
    // leading '-' alone: count the characters on each line of its text.
    for (const key of Array.from(element.querySelectorAll('td .is-record-key'))) {
      const text = key.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const range = document.createRange();
      const lines = new Map<number, number>();
      for (let i = 0; i < (text.textContent ?? '').length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? 0) + 1);
      }
      const counts = [...lines.values()];
      if (counts.slice(0, -1).some((count) => count < 4)) {
        problems.push(`key broken unevenly: ${key.textContent} (${counts.join(' + ')})`);
      }
    }
    return problems;
  }, table);
}

describe('tables at every width', () => {
  for (const width of WIDTHS) {
    it(`fit without cutting or covering at ${width} px`, async () => {
      // One signed-in page for every width: the first list loads the app at the width, the others
      // open inside it (gotoInApp), each table mounted and fitted anew at the width.
      const page = await signedInPage(admin, { width, height: 800, inApp: true });
      for (const { route, table } of LISTS) {
        // The demo names of this seed: filter to them (other tests' rows may differ).
        await gotoInApp(page, `${route}?size=50`);
        const rows = page.getByRole('table', { name: table }).locator('tbody tr td:not([colspan])');
        await rows.first().waitFor();
        expect(await layoutProblems(page, table), `${table} at ${width} px`).toEqual([]);
        if (route === '/students' && width <= 390) {
          // Hidden columns' values are in the row: the students' e-mails show at 320 and 390.
          const email = Object.values(data.students)[0]?.email ?? '';
          await page.getByRole('table', { name: 'Students' }).getByText(email).first().waitFor();
        }
      }
    });
  }
});

describe('rows arriving elsewhere in a list', () => {
  it('a student added on another page rebuilds none of the rows shown at 390 px', async () => {
    // Seven students of this test, five a page, newest first: the seventh, the oldest, lands on
    // page 2, so page 1 reads the same before and after it arrives.
    const record = (n: number) => ({
      ...studentRecord(`Foldcheck ${foldToken} ${n}`),
      email: `${foldToken}-${n}@tuition.test`,
      createdAt: 1_700_000_000_000 - n * DAY,
    });
    await writeRecords(
      Object.fromEntries(foldIds.slice(0, 6).map((id, n) => [`students/${id}`, record(n)])),
    );
    const page = await signedInPage(admin, { width: 390, height: 800, inApp: true });
    await gotoInApp(page, `/students?q=${foldToken}&size=5`);
    const table = page.getByRole('table', { name: 'Students' });
    await page.getByText('6 records', { exact: true }).waitFor();
    // The whole list in (its first page may already hold all six when the database has few
    // students): rows replaced by the whole list's are not the arrival this test is about.
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    // At 390 px the columns that do not fit are shown inside each row (its fold).
    await expect.poll(() => table.locator('tbody tr.row-more').count()).toBe(5);
    await page.evaluate(() => {
      const body = document.querySelector('table[aria-label="Students"] tbody');
      const seen = window as unknown as { removedRowNodes: string[]; rowWatch: MutationObserver };
      seen.removedRowNodes = [];
      seen.rowWatch = new MutationObserver((records) => {
        for (const change of records)
          for (const node of change.removedNodes)
            if (node instanceof Element)
              seen.removedRowNodes.push(`${node.tagName.toLowerCase()}.${node.className}`);
      });
      seen.rowWatch.observe(body!, { childList: true, subtree: true });
    });
    await writeRecords({ [`students/${foldIds[6]}`]: record(6) });
    await page.getByText('7 records', { exact: true }).waitFor();
    // Fitting the columns again would have rebuilt every row and its fold.
    // The page stays open for the file's other tests: the observer stops here.
    const removed = await page.evaluate(() => {
      const seen = window as unknown as { removedRowNodes: string[]; rowWatch: MutationObserver };
      seen.rowWatch.disconnect();
      return seen.removedRowNodes;
    });
    expect(removed).toEqual([]);
    await expect.poll(() => table.locator('tbody tr.row-more').count()).toBe(5);
  });
});
