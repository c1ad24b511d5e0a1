/**
 * The production build behind firebase-tools' Hosting emulator with the real firebase.json
 * `hosting` section (headers, SPA rewrite): what a deployed site sends on every route, and what
 * Chromium does with its Content-Security-Policy: on the login page (zero
 * violations, sign-in request included), and on every screen of src/app/router.tsx, signed in as
 * an admin, with its data from the local backend (zero violations, zero console errors).
 *
 * The build uses placeholder VITE_FIREBASE_* values of a `demo-csp` project
 * (tests/support/productionBuild.ts), so it is a real production build that talks to the
 * production Firebase hosts. Those requests are answered by the test (playwright routing: a
 * canned answer, or the local backend, tests/support/productionBackend.ts) after Chromium has
 * applied the CSP, so nothing leaves the machine. tests/integration/hostingHeaders.test.ts checks
 * the file itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sendPasswordResetEmail } from 'firebase/auth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirebaseToolsProcess } from '../../emulators/firebase-tools';
import { studentRecord } from '../integration/peopleFixtures';
import {
  writeRecords,
  createAccount,
  deleteAccount,
  latestOobCode,
  removePaths,
  signedOutWebApp,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, launchBrowser, signIn } from '../support/browser';
import { openScreen, settle } from '../support/screens';
import { startSideEmulator } from '../support/sideEmulator';
import { routeToLocalBackend } from '../support/productionBackend';
import { buildProduction, ROOT, type ProductionBuild } from '../support/productionBuild';

const HOST = '127.0.0.1';

/** firebase.json's hosting section, as deployed. */
const hosting = (
  JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
  }
).hosting;
/** The header values firebase.json gives every path (the catch-all rule). */
const pageHeaders = new Map(
  (hosting.headers.find((rule) => rule.source === '**')?.headers ?? []).map((h) => [
    h.key.toLowerCase(),
    h.value,
  ]),
);

/**
 * A URL of each public route of src/app/router.tsx (and the not-found page), signed out;
 * `oobCode` is a password-reset code the Auth emulator issued (a made-up one would show its
 * failed request in the console).
 */
const publicScreens = (oobCode: string) => [
  '/login',
  '/recover-password',
  `/auth/action?mode=resetPassword&oobCode=${oobCode}&apiKey=k`,
  '/qrcode',
  '/qrcode/ORDER-1',
  '/payment/ORDER-1/120.50',
  '/chart/10,20,30,40,50,60,70,80',
  '/no-such-page',
];

/** A URL of each signed-in route; `id` fills the edit forms' ids (a user, a student). */
function signedInScreens(ids: { user: string; student: string }): string[] {
  return [
    '/',
    '/profile',
    '/section',
    '/users',
    '/users/new',
    `/users/${ids.user}`,
    '/browsing-levels',
    '/browsing-levels/new',
    '/countries',
    '/field-levels',
    '/field-levels/new',
    '/subjects',
    '/subjects/new',
    '/field-schools',
    '/field-schools/new',
    '/students',
    '/students/new',
    `/students/${ids.student}`,
    '/tutors',
    '/tutors/new',
    '/orders',
    '/statistic',
  ];
}

/**
 * The route patterns of src/app/router.tsx as regular expressions (`:id` one segment, `:id?`
 * optional), except the development-only outbox and the catch-all.
 */
function routerPatterns(): RegExp[] {
  const source = readFileSync(path.join(ROOT, 'src/app/router.tsx'), 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)]
    .map((match) => match[1] ?? '')
    .filter((route) => route !== '/outbox' && route !== '*')
    .map(
      (route) =>
        new RegExp(`^${route.replace(/\/:\w+\?/g, '(/[^/]+)?').replace(/:\w+/g, '[^/]+')}$`),
    );
}

let build: ProductionBuild | undefined;
let firebaseTools: FirebaseToolsProcess | undefined;
let origin: string;
let context: BrowserContext | undefined;

beforeAll(async () => {
  build = await buildProduction();
  // Own ports (the local backend holds 4400/4500/5000-range neighbours during npm test).
  const hostingEmulator = await startSideEmulator({
    dir: build.dir,
    projectId: 'demo-csp',
    service: 'hosting',
    config: { hosting: { ...hosting, public: 'dist' } },
    readyTimeoutMs: 60_000,
  });
  firebaseTools = hostingEmulator.process;
  const port = hostingEmulator.port;
  origin = `http://${HOST}:${port}`;
});

afterAll(async () => {
  await context?.close();
  await closeBrowser();
  await firebaseTools?.stop();
  build?.remove();
});

/**
 * Records into `problems` what Chromium reports on `page`: securitypolicyviolation events, console
 * lines about the CSP or the Permissions-Policy, uncaught page errors, and with `consoleErrors`
 * every console error. Also reports the browser online (offline machines, and the test's network
 * namespace, say offline, and the Auth SDK then fails requests before sending them).
 */
async function watch(
  page: Page,
  problems: string[],
  { consoleErrors }: { consoleErrors: boolean },
): Promise<void> {
  page.on('console', (message) => {
    const policy = /Content Security Policy|Permissions-Policy|Refused to/i.test(message.text());
    if (policy || (consoleErrors && message.type() === 'error')) {
      problems.push(`${page.url()} console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} page error: ${error.message}`));
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
}

describe('Hosting emulator with firebase.json', () => {
  it.each([
    '/index.html',
    ...publicScreens('some-code'),
    ...signedInScreens({ user: 'some-id', student: 'some-id' }),
  ])('%s: the security headers, revalidated on every load', async (urlPath) => {
    const response = await fetch(`${origin}${urlPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    for (const [key, value] of pageHeaders) {
      if (key !== 'cache-control') expect(response.headers.get(key), key).toBe(value);
    }
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('a hashed build file: the security headers, cached for a year', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${origin}${script ?? ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe(
      pageHeaders.get('content-security-policy'),
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('Content-Security-Policy in Chromium', () => {
  /** Console lines about CSP or Permissions-Policy, and securitypolicyviolation events. */
  const problems: string[] = [];
  /** https requests the page made (all to Firebase hosts; the CSP allowed each). */
  const firebaseRequests: string[] = [];

  async function productionPage(): Promise<Page> {
    const browser = await launchBrowser();
    context ??= await browser.newContext({ baseURL: origin, locale: 'en' });
    // Answer the Firebase hosts as the Auth REST API does for a wrong password, so nothing
    // leaves the machine. (A predicate: playwright's glob 'https://**' matches no URL.)
    await context.route(
      (url) => url.protocol === 'https:',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS', errors: [] },
          }),
        }),
    );
    const page = await context.newPage();
    await watch(page, problems, { consoleErrors: false });
    // A request the CSP blocks never becomes a request event: these passed it.
    page.on('request', (request) => {
      if (request.url().startsWith('https://')) firebaseRequests.push(request.url());
    });
    return page;
  }

  it('the login page loads, styles its toasts and sends the sign-in request with no violation', async () => {
    const page = await productionPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('nobody@tuition.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect
      .poll(() => firebaseRequests.some((url) => url.includes('identitytoolkit.googleapis.com')), {
        timeout: 10_000,
      })
      .toBe(true);
    // The app shows the failure (wrong credentials, or the server unreachable when offline).
    await page.getByRole('alert').first().waitFor({ timeout: 10_000 });
    // The first toast brought react-toastify and its injected <style> (allowed by its hash).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('style')).some((s) =>
        s.textContent.includes('--toastify'),
      ),
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a loading indicator from the first frame until the app renders', async () => {
    const page = await productionPage();
    const before = problems.length;
    // Hold the entry script: the page as a browser shows it while the JavaScript downloads.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const loading = page.getByRole('progressbar', { name: 'Loading' });
    // Visible (styled by the entry stylesheet, after its 0.3 s delay) with no script run yet.
    await loading.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Login', exact: true }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await loading.count()).toBe(0);
    expect(problems.slice(before)).toEqual([]);
    await page.close();
  });

  it('is enforced: an injected inline script does not run and is reported', async () => {
    const page = await productionPage();
    await page.goto('/login');
    const before = problems.length;
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.head.append(script);
      return document.body.dataset.injected === 'ran';
    });
    expect(ran).toBe(false);
    await expect.poll(() => problems.slice(before).join('\n')).toMatch(/script-src/);
    await page.close();
  });
});

describe('every screen in Chromium, signed in as an admin', () => {
  const studentId = uniqueId('csp-student');
  /** Its own student's name, unique to the run (the list is shared with concurrent files). */
  const STUDENT_NAME = `Csp Student ${studentId.split('-')[2]}`;
  const accounts: TestAccount[] = [];
  let screens: BrowserContext | undefined;

  afterAll(async () => {
    await screens?.close();
    await removePaths(`students/${studentId}`);
    await Promise.all(accounts.map((account) => deleteAccount(account.uid)));
  });

  it('visits every route of the router: no CSP violation, no console error', async () => {
    const admin = await createAccount({ isAdmin: true });
    const member = await createAccount({ isAdmin: false });
    accounts.push(admin, member);
    await writeRecords({
      [`students/${studentId}`]: { ...studentRecord(STUDENT_NAME), id: studentId },
    });
    screens = await (await launchBrowser()).newContext({ baseURL: origin, locale: 'en' });
    await routeToLocalBackend(screens);
    const page = await screens.newPage();
    const problems: string[] = [];
    await watch(page, problems, { consoleErrors: true });
    const visited: string[] = [];
    /**
     * Opens `url` by a load, or `inApp` as the app's links do (the signed-in screens: a load of
     * each cost about a second of Chromium's CPU and showed nothing more, as the policy and the
     * console are the same for a screen's code fetched on a move; every route's document is
     * checked by the headers test above, and the list and record screens below load directly).
     */
    const visit = async (url: string, { inApp = false } = {}) => {
      await (inApp ? openScreen(page, url) : page.goto(url));
      await page.locator('h1').first().waitFor();
      // Drawn with its data (nothing busy or loading for 300 ms): what the screen asked for has
      // come back, with any error or violation it caused, without networkidle's fixed 500 ms of
      // silence after the last request.
      await settle(page);
      visited.push(new URL(url, origin).pathname);
    };

    const web = await signedOutWebApp();
    await sendPasswordResetEmail(web.auth, admin.email).finally(() => web.close());
    const reset = await latestOobCode(admin.email, 'PASSWORD_RESET');
    for (const url of publicScreens(reset?.oobCode ?? 'none')) await visit(url);
    // The reset form, not its invalid-link message: the code came through.
    await page.goto(`/auth/action?mode=resetPassword&oobCode=${reset?.oobCode ?? ''}`);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await signIn(page, admin.email, admin.password, { form: true });
    for (const url of signedInScreens({ user: member.uid, student: studentId })) {
      await visit(url, { inApp: true });
      // Still there: not sent to /login or / by a guard.
      expect(new URL(page.url()).pathname, url).toBe(new URL(url, origin).pathname);
      if (url === '/students') {
        // Searched for, as an admin would: the other files' students (an import of hundreds)
        // can push it off the first page of the shared list. A load: a list opened directly.
        await page.goto(`/students?q=${encodeURIComponent(STUDENT_NAME)}`);
        await page.getByText(STUDENT_NAME).first().waitFor();
        await settle(page);
      }
    }
    // The edit form with tabs, opened directly: every tab, each with its own data and components.
    await page.goto(`/students/${studentId}`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const tabCount = await tabs.count();
    expect(tabCount).toBeGreaterThan(1);
    for (let index = 0; index < tabCount; index += 1) {
      await tabs.nth(index).click();
      await page.getByRole('tabpanel').first().waitFor();
      await settle(page);
    }

    expect(problems).toEqual([]);
    for (const pattern of routerPatterns()) {
      expect(
        visited.some((visitedPath) => pattern.test(visitedPath)),
        `a route of src/app/router.tsx not visited: ${pattern.source}`,
      ).toBe(true);
    }
  }, 240_000);

  it('keeps each list to its first page in IndexedDB, and signing out empties it', async () => {
    // The signed-in admin of the test above, in the same production build and browser profile.
    const page = screens!.pages()[0]!;
    await page.goto('/students');
    // The list's first page, whoever's students are on it (the other files' run beside this one).
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    // What redux-persist wrote (its throttled writes land within a moment), row ids per key.
    const stored = () =>
      page.evaluate(`new Promise((resolve, reject) => {
        const open = indexedDB.open('back-office');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('redux').objectStore('redux');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((key, i) => {
            const value = JSON.parse(values.result[i]);
            return [key, { ids: JSON.parse(value.ids ?? '[]'), session: JSON.parse(value.session ?? 'null') }];
          })));
        };
      })`) as Promise<Record<string, { ids: string[]; session: unknown }>>;
    await expect
      .poll(async () => (await stored())['persist:students']?.ids.length ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const before = await stored();
    expect(before['persist:auth']?.session).not.toBeNull();
    for (const [key, value] of Object.entries(before)) {
      expect(value.ids.length, key).toBeLessThanOrEqual(50);
    }

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect
      .poll(async () => Object.values(await stored()).flatMap((value) => value.ids), {
        timeout: 10_000,
      })
      .toEqual([]);
    expect((await stored())['persist:auth']?.session ?? null).toBeNull();
  });
});
