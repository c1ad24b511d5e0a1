/**
 * The lists open without moving under the reader's eyes: on a phone (Lighthouse's mobile
 * viewport, 412 x 823), the cumulative layout shift of opening /students, /tutors and /orders in a
 * new tab, the list having been shown before in another, up to the whole list loaded, stays under
 * 0.1 (Lighthouse's "good" limit, https://web.dev/articles/cls). Before, the header's labels
 * wrapped to three lines while no row was there and unwrapped as the rows came (orders 0.12 at
 * 10,000 rows), and the height the body reserved while loading was remembered per tab only: in a
 * new tab a list shorter than the estimate moved its pages bar and the footer up (0.10-0.11).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentRecord } from '../integration/peopleFixtures';
import { removePaths, uniqueId, writeRecords } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;

beforeAll(async () => {
  session = await adminSession('shift-admin', { width: 412, height: 823 });
});

afterAll(async () => {
  await session?.close();
});

/** One layout shift as the Layout Instability API reports it, with what moved. */
interface Shift {
  value: number;
  moved: string[];
}

/** Collects the page's layout shifts from its start (the init script runs before the app). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          moved: entry.sources.map(
            (s) => (s.node as Element | null)?.outerHTML?.slice(0, 120) ?? '',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

interface LayoutShiftEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

describe('opening a list on a phone', () => {
  for (const list of ['students', 'tutors', 'orders']) {
    it(`/${list}: cumulative layout shift under 0.1`, async () => {
      // The list is shared with the files running beside this one: when one of them adds or
      // removes a record between the two loads, the new tab's first page is not the one the
      // first tab remembered the height of, and rows arriving that no tab saw before move the
      // page as they would for a user. The case measured is the same list: measured again then.
      for (let attempt = 1; ; attempt += 1) {
        // Shown once in the session's tab, then opened in a new tab of the same browser profile,
        // as an admin opens a link in a new tab (and as Lighthouse measures a page).
        await session!.page.goto(`/${list}`);
        const shown = session!.page.getByRole('table');
        await expect.poll(() => shown.getAttribute('aria-busy')).toBe('false');
        const remembered = await shown.locator('tbody tr').allTextContents();
        const page = await session!.page.context().newPage();
        try {
          await recordShifts(page);
          await page.goto(`/${list}`);
          const table = page.getByRole('table');
          await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
          await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(1);
          const rows = await table.locator('tbody tr').allTextContents();
          const same = rows.join('\n') === remembered.join('\n');
          if (!same && attempt < 3) continue;
          const shifts = await page.evaluate(
            () => (window as unknown as { shifts: Shift[] }).shifts,
          );
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.1);
          return;
        } finally {
          await page.close();
        }
      }
    });
  }
});

describe('the selection bar on a phone', () => {
  const tag = uniqueId('bar').replaceAll('-', '').slice(-10);
  const ids = [uniqueId('bar-a'), uniqueId('bar-b')];

  beforeAll(async () => {
    await writeRecords(
      Object.fromEntries(
        ids.map((id, i) => [`students/${id}`, { ...studentRecord(`Bar ${tag} ${i}`), id }]),
      ),
    );
  });

  afterAll(async () => {
    await removePaths(...ids.map((id) => `students/${id}`));
  });

  it("keeps its height whether 'Select all N matching' is there or not (320 px)", async () => {
    // The whole list replaces the persisted first page with a longer N: beside the bar's text
    // the button would wrap to a second line only then, moving the table down.
    const page = await session!.page.context().newPage();
    try {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(`/students?q=${tag}`);
      const selectAll = page.getByRole('button', { name: /^Select all .* matching$/ });
      await selectAll.waitFor();
      // The bar: the parent of its live status text.
      const bar = page.getByText('No rows selected', { exact: true }).locator('..');
      const withButton = await bar.boundingBox();
      await page.getByLabel('Search', { exact: true }).fill('no student is called this');
      await selectAll.waitFor({ state: 'detached' });
      const withoutButton = await bar.boundingBox();
      expect(withoutButton?.height).toBe(withButton?.height);
    } finally {
      await page.close();
    }
  });
});
