/**
 * Every screen of the app (src/app/router.tsx) with data to show, for tests that visit them all
 * (the Spanish scan in tests/e2e/spanish.test.ts, axe in tests/e2e/accessibility.test.ts).
 *
 * - {@link writeScreenData}: a small demo data set (emulators/seed/build, its own PRNG seed) and
 *   one audit entry, written with admin rights; `remove()` deletes exactly what was written.
 * - {@link adminScreens}: the admin routes from the resource registry (src/app/resources.ts): each
 *   resource's list, and for a resource with a form `${path}/new` and `${path}/<a real record>`;
 *   plus home, the profile and the placeholder section. {@link publicScreens}: the pages reached
 *   signed out (sign-in, recovery, an e-mail action with a made-up code, the public pages, 404).
 * - {@link settle}: waits until a screen has drawn its data (no loading text, no busy element).
 * - {@link eachTab}: runs a check on the screen, then on every tab of a tabbed form.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { buildDemoData, demoRecordUpdates } from '../../emulators/seed/build';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  writeRecords,
} from './backend';
import { gotoInApp } from './browser';

/** The collection of the database behind each resource path that has a form page. */
const FORM_COLLECTIONS: Record<string, keyof ReturnType<typeof buildDemoData>> = {
  '/browsing-levels': 'levels',
  '/students': 'students',
  '/tutors': 'tutors',
  '/subjects': 'subjects',
  '/field-levels': 'fieldLevels',
  '/field-schools': 'schools',
};

/** What {@link writeScreenData} wrote. */
export interface ScreenData {
  /** Per resource path with a form, the key of one record written (e.g. '/students' -> id). */
  recordIds: Record<string, string>;
  /** An order written (for /qrcode and /payment) and its total in SGD. */
  order: { id: string; total: number };
  /** Every string value written (names, e-mails, addresses, tags …): data, not UI text. */
  texts: string[];
  /** Deletes the records written. */
  remove: () => Promise<void>;
}

/** Every string leaf of a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Writes 3 students, 3 tutors, 3 orders and the demo reference data (field levels, levels,
 * schools, subjects), plus one audit entry by `adminUid` (so the audit screen has a row), and
 * a staff account (users list and form). Records keep the demo ids, which the demo seed uses
 * too: run against the test backend only.
 */
export async function writeScreenData(adminUid: string): Promise<ScreenData> {
  const data = buildDemoData({ students: 3, tutors: 3, orders: 3, seed: 1789 });
  const updates = demoRecordUpdates(data);
  const db = getAdminDatabase(adminApp());
  const [subjectId, subject] = Object.entries(data.subjects)[0]!;
  const auditKey = db.ref('auditLog').push().key!;
  updates[`auditLog/${auditKey}`] = {
    at: Date.now(),
    by: adminUid,
    entity: 'subjects',
    recordId: subjectId,
    action: 'update',
    before: { name: `${subject.name} (old)` },
    after: { name: subject.name },
  };
  await writeRecords(updates);
  const staff = await createAccount({
    email: uniqueEmail('screens-staff'),
    record: { name: 'Screens Staff', location: 'Singapore' },
  });
  const recordIds = Object.fromEntries(
    Object.entries(FORM_COLLECTIONS).map(([path, collection]) => [
      path,
      Object.keys(data[collection])[0]!,
    ]),
  );
  recordIds['/users'] = staff.uid;
  const [orderId, order] = Object.entries(data.orders)[0]!;
  // An order's page (/orders/{id}) sits where the registry puts a form.
  recordIds['/orders'] = orderId;
  return {
    recordIds,
    order: { id: orderId, total: order.total },
    texts: [...new Set([...stringsOf(updates), ...stringsOf(staff.record)])],
    remove: async () => {
      await removePaths(...Object.keys(updates));
      await deleteAccount(staff.uid);
    },
  };
}

/**
 * The registry module, imported by a non-literal name at run time (vitest resolves '@'): a static
 * import would pull the app's .tsx pages into the tests' TypeScript project, which has no JSX.
 */
const RESOURCES_MODULE = '@/app/resources';

/** The signed-in admin's screens, in the registry's order (router.tsx's adminRoutes, home, profile). */
export async function adminScreens(data: ScreenData): Promise<string[]> {
  const { resources } = (await import(/* @vite-ignore */ RESOURCES_MODULE)) as {
    resources: Array<{ path: string; pages: object }>;
  };
  const routes = ['/', '/profile'];
  for (const resource of resources) {
    routes.push(resource.path);
    if ('form' in resource.pages) {
      const id = data.recordIds[resource.path];
      if (!id) throw new Error(`screens.ts: no record for the form of ${resource.path}`);
      // Orders are placed by customers, never made here: their record page has no /new.
      if (resource.path !== '/orders') routes.push(`${resource.path}/new`);
      routes.push(`${resource.path}/${id}`);
    }
  }
  routes.push('/section');
  return routes;
}

/** The pages reached signed out: sign-in, recovery, e-mail action, public pages, 404. */
export function publicScreens(data: ScreenData): string[] {
  return [
    '/login',
    '/recover-password',
    '/auth/action?mode=resetPassword&oobCode=made-up-code',
    `/qrcode/${data.order.id}`,
    `/payment/${data.order.id}/${data.order.total}`,
    '/chart/12,8,5,14,9,16,7,3',
    '/no-such-page',
  ];
}

/**
 * Opens `route` (a path with its query) inside the signed-in app, as a link does, for a crawl of
 * many screens on one page: {@link gotoInApp} (tests/support/browser.ts), except that a page
 * already at `route` stays as it is. The screen may still be loading its data ({@link settle}
 * waits for that).
 *
 * @throws playwright errors of `page.goto` (where the move falls back to a load)
 */
export async function openScreen(page: Page, route: string): Promise<void> {
  const here = await page.evaluate((to) => `${location.pathname}${location.search}` === to, route);
  if (!here) await gotoInApp(page, route);
}

/**
 * Waits until the page has a heading or main content and nothing is loading: no element marked
 * aria-busy, no 'Loading…' / 'Cargando…' text (Common.loading), stable for 300 ms; 20 s at most
 * (playwright's TimeoutError). The condition is a function, not a string: the deployable build's
 * CSP (no 'unsafe-eval') refuses to evaluate a string.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForFunction(
    () => {
      const state = window as unknown as { settledSince?: number };
      const busy =
        document.querySelector('[aria-busy="true"]') !== null ||
        /Loading…|Cargando…/.test(document.body.innerText) ||
        document.body.innerText.trim() === '';
      if (busy) {
        state.settledSince = undefined;
        return false;
      }
      state.settledSince ??= Date.now();
      return Date.now() - state.settledSince >= 300;
    },
    undefined,
    { polling: 100, timeout: 20_000 },
  );
}

/**
 * Runs `check` on the screen as it is (`where` = ''), then, on a tabbed form, once per tab after
 * selecting it (`where` = the tab's name); disabled tabs are skipped.
 */
export async function eachTab(page: Page, check: (where: string) => Promise<void>): Promise<void> {
  await check('');
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    // A new record's other tabs stay disabled until it is saved.
    if ((await tab.getAttribute('aria-disabled')) === 'true') continue;
    const name = (await tab.innerText()).trim();
    await tab.click();
    await page.getByRole('tabpanel', { name }).waitFor();
    await settle(page);
    await check(name);
  }
}
