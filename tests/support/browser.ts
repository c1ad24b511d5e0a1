/**
 * Chromium for e2e tests (tests/e2e; vitest.config.ts runs them in two workers, and the files
 * that need the backend to themselves alone), driven by playwright-core against the app at
 * APP_URL: a production build for the local backend that tests/setup/app.ts serves (as Firebase
 * Hosting would, index.html for every route), or, with E2E_DEV_SERVER=1, the Vite dev server of
 * `emulators/start.ts --exec`.
 *
 * The browser is Debian's Chromium headless shell at /usr/bin/chromium-headless-shell
 * (`apt-get install -y chromium-headless-shell`; Debian's full Chromium where it is missing):
 * playwright's own browser download needs the internet. Override with TEST_CHROMIUM_PATH.
 *
 * Example:
 * ```ts
 * const page = await newPage({ locale: 'es' });
 * await signIn(page, admin.email, admin.password);
 * await page.getByRole('link', { name: 'Usuarios' }).click();
 * afterAll(closeBrowser);
 * ```
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Dialog, type Locator, type Page } from 'playwright-core';
import { waitForHttp } from '../../emulators/wait';
import {
  backend,
  createAccount,
  deleteAccount,
  signedInWebApp,
  uniqueEmail,
  webConfig,
  type TestAccount,
} from './backend';
import { BUILD_TIMEOUT_MS, buildProduction } from './productionBuild';

/** Debian's full Chromium (package `chromium`), for what needs the whole browser (Lighthouse). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium headless shell (package `chromium-headless-shell`, same version). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the browser tests: TEST_CHROMIUM_PATH if set, else Chromium's headless shell
 * (the old headless mode, the browser playwright itself runs headless tests in), else the full
 * Chromium. The shell has no browser UI: on admin-day.test.ts its browser process took 6.7-6.8 s
 * of CPU against the full Chromium's 12.6-17.9 s, its renderers the same (docs/performance.md).
 */
export const TEST_BROWSER_PATH =
  process.env.TEST_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/**
 * The Chromium features playwright-core disables in its own `--disable-features` switch
 * (playwright-core's chromiumSwitches.ts). Chromium keeps only the last `--disable-features` of
 * a command line, so the switch of {@link CHROMIUM_ARGS}, which comes after playwright-core's,
 * names them again; tests/tooling/chromiumArgs.test.ts fails when playwright-core's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Chrome's own UI pages that headless Chromium renders unseen for every new window, that is for
 * every browser context a test opens: the omnibox popup (and its AI mode page) in a renderer
 * process each, about 1.2 s of CPU per context, a fifth of the browser's CPU in a browser test
 * file (docs/performance.md). Nothing of the app uses them. The headless shell has no such pages;
 * the switch is for the full Chromium (TEST_CHROMIUM_PATH, or where the shell is not installed).
 */
const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
] as const;

/**
 * Flags: headless without GPU or sandbox (containers, CI as root), and no traffic beyond loopback
 * (no QUIC, background networking, component updates or sync) so runs work offline; none of
 * Chrome's own UI pages (BROWSER_UI_FEATURES). playwright adds --headless itself and gives every
 * launch a fresh temporary user-data-dir.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
] as const;

/**
 * V8's flags in the browser tests: JavaScript runs in V8's interpreter and baseline compiler
 * only (Ignition and Sparkplug), without its optimizing compilers (Maglev and TurboFan), which
 * are for code that runs long. A test page lives seconds and rarely runs a function hot enough to
 * repay optimizing it, while the optimizing spends CPU on the 2 cores the backend and the other
 * browser worker share (the renderers' CPU with and without: docs/performance.md). The tiers
 * differ only in speed, never in what the code does. Benchmarks
 * launch with the optimizing compilers (`launchBrowser({ optimizingCompilers: true })`), as the
 * users' browsers run.
 */
export const TEST_JS_FLAGS = '--js-flags=--no-opt --no-maglev';

let browserPromise: Promise<Browser> | undefined;
let appPromise: Promise<void> | undefined;

/**
 * Resolves once APP_URL answers: the run's build for the local backend is done
 * (tests/support/productionBuild.ts) and tests/setup/app.ts serves it. {@link newPage} waits for
 * it; a test that opens its pages otherwise calls it first.
 *
 * @throws the build's error, or an Error when the app does not answer within the build's bound
 */
export function appReady(): Promise<void> {
  appPromise ??= (async () => {
    if (process.env.E2E_DEV_SERVER !== '1') await buildProduction('local');
    await waitForHttp(backend.appUrl, {
      what: `the app at ${backend.appUrl}`,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
  })();
  return appPromise;
}

/** Options of {@link launchBrowser}. */
export interface LaunchOptions {
  /**
   * Run JavaScript with V8's optimizing compilers, as users' browsers do (for benchmarks);
   * default false: the tests' {@link TEST_JS_FLAGS}.
   */
  optimizingCompilers?: boolean;
}

/**
 * The browser shared by the tests of a file, and by the next files of the same Vitest worker
 * (the browser projects keep modules between files: vitest.config.ts `isolate`): launched on
 * first use, again if it has gone (crashed or closed), with the options of the call that launches
 * it. Shared because each launch costs CPU on the machine the tests share.
 */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (browserPromise) {
    const current = browserPromise;
    browserPromise = current.then((browser) => (browser.isConnected() ? browser : launch(options)));
  } else browserPromise = launch(options);
  return browserPromise;
}

function launch({ optimizingCompilers = false }: LaunchOptions): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: optimizingCompilers ? [...CHROMIUM_ARGS] : [...CHROMIUM_ARGS, TEST_JS_FLAGS],
  });
}

/**
 * Closes every browser context (and so every page) the file opened, so that nothing of it reaches
 * the next file; the browser itself stays for the worker's next file and ends with the worker
 * process (playwright closes what it launched when the process exits). Use as
 * `afterAll(closeBrowser)`.
 */
export async function closeBrowser(): Promise<void> {
  const browser = await browserPromise?.catch(() => undefined);
  if (!browser?.isConnected()) {
    browserPromise = undefined;
    return;
  }
  signedInPages.clear();
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** Options of {@link newPage}. */
export interface PageOptions {
  /** Browser language (navigator.language and Accept-Language), e.g. 'en' or 'es'. Default 'en'. */
  locale?: string;
  /** Viewport width in CSS pixels (default 1280; below 992 the app shows mobile navigation). */
  width?: number;
  /** Viewport height in CSS pixels (default 800). */
  height?: number;
}

/**
 * A page in a new browser context (own cookies, storage, IndexedDB, so no session leaks between
 * tests), with `baseURL` = APP_URL so `page.goto('/login')` works.
 */
export async function newPage(options: PageOptions = {}): Promise<Page> {
  await appReady();
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: backend.appUrl,
    locale: options.locale ?? 'en',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  return context.newPage();
}

/** Labels of the login form (src/app/i18n/{en,es}/auth.json: Auth.email, Auth.password, Auth.login). */
const LOGIN_LABELS: Record<string, { email: string; password: string; login: string }> = {
  en: { email: 'E-mail', password: 'Password', login: 'Login' },
  es: { email: 'Correo electrónico', password: 'Contraseña', login: 'Iniciar sesión' },
};

/** Options of {@link signIn} and {@link signInWithForm}. */
export interface SignInOptions {
  /** The page's language ('en' or 'es'): the login form's labels. Default 'en'. */
  locale?: string;
  /** How long the app may take to show the signed-in frame (default 15 000 ms). */
  timeoutMs?: number;
  /**
   * Sign in through the login form instead of the saved session: for tests of signing in itself
   * (what the form does with a new password, a link, an error). Default false.
   */
  form?: boolean;
}

/**
 * Signs `email` in on `page` and opens home (/), resolving once the signed-in frame shows (the
 * header's account menu).
 *
 * By default it does what reopening a browser that signed in before does, without the form: the
 * credentials are checked by the Auth emulator through the web SDK in Node, and the SDK's saved
 * user (`user.toJSON()`, tokens included) is written where the app's Auth keeps it, IndexedDB
 * `firebaseLocalStorageDb` (src/shared/firebase.ts: indexedDBLocalPersistence); the app then
 * restores the session as after a reload. playwright's `storageState` would need a form sign-in
 * per account first. With `form: true` it signs in through the login form
 * ({@link signInWithForm}).
 *
 * @throws FirebaseError `auth/invalid-credential` for a wrong password or an unknown e-mail;
 *   playwright TimeoutError when the app does not show the signed-in frame within `timeoutMs`
 *   (no users record, a disabled account).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<void> {
  if (options.form) return signInWithForm(page, email, password, options);
  const web = await signedInWebApp(email, password);
  const user = { ...(web.user!.toJSON() as Record<string, unknown>), appName: '[DEFAULT]' };
  await web.close();
  // A file the app's origin serves as is (public/favicon.svg): the app does not start, so
  // nothing reads the store while it is written.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb', 1);
        open.onupgradeneeded = () =>
          open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const transaction = open.result.transaction('firebaseLocalStorage', 'readwrite');
          transaction.objectStore('firebaseLocalStorage').put({ fbase_key: key, value });
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('put failed'));
        };
      }),
    { key: `firebase:authUser:${webConfig.apiKey}:[DEFAULT]`, value: user },
  );
  await page.goto('/');
  await accountMenu(page).waitFor({ state: 'attached', timeout: options.timeoutMs ?? 15_000 });
}

/** The header's account menu button, in English or Spanish (Layout.accountMenu). */
function accountMenu(page: Page): Locator {
  return page.getByRole('button', { name: /^(Account menu of|Menú de la cuenta de) / });
}

/**
 * Signs in through the real login form (/login), finding fields by label and the button by role
 * and name, in the page's language ('en' or 'es'), and waits until the app leaves /login.
 *
 * @throws playwright TimeoutError when the app stays on /login (wrong credentials, unverified
 *   e-mail, no users record) within `timeoutMs` (default 15 000).
 */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  { locale = 'en', timeoutMs = 15_000 }: SignInOptions = {},
): Promise<void> {
  const labels = LOGIN_LABELS[locale.slice(0, 2)] ?? LOGIN_LABELS.en!;
  await page.goto('/login');
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.login, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: timeoutMs });
}

/** The pages {@link signedInPage} keeps for a file's next tests, by account and language. */
const signedInPages = new Map<string, Page>();

/** Options of {@link signedInPage}. */
export interface SignedInPageOptions extends PageOptions {
  /**
   * Hand a kept page over still in the app, for a test that opens its screen with
   * {@link gotoInApp} instead of `page.goto` (no new load, start and session restore of the app).
   * The page is still left for a fresh start when the test asks for another viewport (the app
   * reads the width when it starts) or when the app is not showing. Default false.
   */
  inApp?: boolean;
}

/**
 * A page signed in as `account` ({@link signIn}), kept for the file's next tests that ask for the
 * same account and language: a new browser context costs a renderer process and an app boot
 * (about 1.8 s of CPU, docs/performance.md), and signing in another boot. For tests that open the
 * screen they check with `page.goto`, which starts the app afresh (its memory, its dialogs, the
 * viewport's width read anew); what the browser stores (the session, the lists redux-persist keeps
 * in IndexedDB) stays, as when a user opens another link in the same browser. A test that needs a
 * browser of its own (cookies, storage, no session) uses {@link newPage}.
 *
 * On reuse the page first leaves the app for a file of its origin (public/favicon.svg), accepting
 * the browser's leave-this-page prompt that a form with unsaved changes raises, so the test's
 * `goto` starts from a page that asks nothing; then takes the viewport of `options`. With
 * `inApp` and the same viewport as before, it stays in the app instead, for {@link gotoInApp}.
 * {@link closeBrowser} forgets the pages.
 *
 * @throws what {@link newPage} and {@link signIn} throw
 */
export async function signedInPage(
  account: { email: string; password: string },
  options: SignedInPageOptions = {},
): Promise<Page> {
  const key = JSON.stringify([account.email, options.locale ?? 'en']);
  const kept = signedInPages.get(key);
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  if (kept && !kept.isClosed()) {
    const size = kept.viewportSize();
    const sameSize = size?.width === width && size.height === height;
    if (options.inApp && sameSize && (await inApp(kept))) return kept;
    await leaveFor(kept, '/favicon.svg');
    if (!sameSize) await kept.setViewportSize({ width, height });
    return kept;
  }
  const page = await newPage(options);
  await signIn(page, account.email, account.password, { locale: options.locale });
  signedInPages.set(key, page);
  return page;
}

/** Whether `page` shows the signed-in app (its layout's <main>). */
function inApp(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('main.app-main') !== null);
}

/**
 * Loads `route` on `page`, accepting the browser's leave-this-page prompt that a form with
 * unsaved changes raises on the way out (and dismissing any other dialog), so the load is never
 * held by a prompt nobody answers.
 */
async function leaveFor(page: Page, route: string): Promise<void> {
  const leave = (dialog: Dialog) =>
    dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss();
  page.on('dialog', leave);
  try {
    await page.goto(route);
  } finally {
    page.off('dialog', leave);
  }
}

/**
 * Opens `route` (a path with its query) on a signed-in page as following a link inside the app
 * does: the router moves to it in the same document (history.pushState and a popstate event,
 * which React Router's browser router follows), so the app is not loaded, started and signed in
 * again. Notifications still showing are closed first, as a load would start without them.
 * Resolves once the signed-in layout has taken the path (it focuses its <main> after each
 * navigation: src/app/layout/Layout.tsx), the CSS transitions that started have ended and the
 * closed notifications have gone; the screen may still be loading its data, which the test's own
 * waits cover.
 *
 * The page loads `route` afresh instead (`page.goto`, answering a leave-this-page prompt as
 * {@link signedInPage} does) when moving inside the app would not give the test a fresh screen:
 * the page is already at `route`'s path (the screen would keep what the last test typed, and the
 * layout marks only a change of path), shows no signed-in app, shows a dialog (a previous test's,
 * or the app's own unsaved-changes question for this move), or the layout does not take the path
 * within 10 s.
 *
 * @throws playwright errors of `page.goto`
 */
export async function gotoInApp(page: Page, route: string): Promise<void> {
  const moved = await page.evaluate((to) => {
    const dialog = '[role="dialog"], [role="alertdialog"]';
    // Not the app (about:blank, a file, a public page) or a dialog open: a load.
    if (!document.querySelector('main.app-main') || document.querySelector(dialog)) return false;
    // The layout focuses <main> only when the path changes, and the screen would keep what the
    // last test did on it: the same path (another query, or none) loads afresh.
    if (location.pathname === new URL(to, location.href).pathname) return false;
    // The layout focuses <main> on the new path: nothing else may hold the focus before.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    // A load starts with no notification; here the last screen's would stay on screen and could
    // answer the next test's wait for the same text: closed (react-toastify's close button).
    for (const toast of Array.from(document.querySelectorAll('.Toastify__toast'))) {
      toast.setAttribute('data-closed-by-test', '');
      const close = toast.querySelector('.Toastify__close-button');
      if (close instanceof HTMLElement) close.click();
    }
    // Where the layout first focused <main> after the move, kept: a screen that sends the user on
    // at once (a record that cannot be loaded goes back to its list) has left `to` by the time a
    // poll looks.
    const arrival = window as unknown as { gotoInAppArrival?: string };
    delete arrival.gotoInAppArrival;
    document
      .querySelector('main.app-main')
      ?.addEventListener(
        'focus',
        () => (arrival.gotoInAppArrival = `${location.pathname}${location.search}`),
        { once: true },
      );
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return true;
  }, route);
  if (moved) {
    const arrived = await page
      .waitForFunction(
        (to) => {
          if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return 'dialog';
          const { gotoInAppArrival } = window as unknown as { gotoInAppArrival?: string };
          if (gotoInAppArrival === to) return 'here';
          const here = `${location.pathname}${location.search}` === to;
          return here && document.activeElement?.matches('main.app-main') ? 'here' : false;
        },
        route,
        { polling: 50, timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => 'late');
    if (arrived === 'here') {
      // Links that follow the path (the side navigation's current entry, the breadcrumb) change
      // colour in CSS transitions that a full load does not run, and closed notifications leave
      // in an animation: the screen is handed over at rest, as after a load.
      await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
        await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
        // react-toastify removes a closed notification when its exit animation ends.
        const closed = '.Toastify__toast[data-closed-by-test]';
        for (let waited = 0; document.querySelector(closed) && waited < 5_000;) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          waited += 100;
        }
      });
      return;
    }
  }
  await leaveFor(page, route);
}

/** A fresh admin account signed in on a page of its own (see {@link adminSession}). */
export interface AdminSession {
  admin: TestAccount;
  page: Page;
  /** Closes the page's context and the shared browser, and deletes the account. */
  close: () => Promise<void>;
}

/**
 * The usual start of an admin screen test: a new admin account (e-mail from `name`), signed in
 * ({@link signIn}) on a new page. Use `afterAll(() => session?.close())`.
 */
export async function adminSession(name: string, options: PageOptions = {}): Promise<AdminSession> {
  const admin = await createAccount({ email: uniqueEmail(name), isAdmin: true });
  const page = await newPage(options);
  await signIn(page, admin.email, admin.password, { locale: options.locale });
  return {
    admin,
    page,
    close: async () => {
      await page.context().close();
      await closeBrowser();
      await deleteAccount(admin.uid);
    },
  };
}

/**
 * The text of each body row's first data cell in `table`, top to bottom: the first cell that
 * holds no checkbox, so a list with a selection column (DataTable's `selection`) reads as one
 * without. Empty string for a row with no such cell.
 */
export function firstColumnTexts(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = Array.from(tr.children).find((c) => !c.querySelector('input[type="checkbox"]'));
      return cell?.textContent?.trim() ?? '';
    }),
  );
}
