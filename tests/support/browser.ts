/**
 * Chromium for e2e tests (tests/e2e, one file at a time; vitest.config.ts), driven by
 * playwright-core against the app that `npm test` serves with Vite at APP_URL.
 *
 * The browser is Debian's Chromium at /usr/bin/chromium (`apt-get install -y chromium`):
 * playwright's own browser download needs the internet. Override with CHROMIUM_PATH.
 *
 * Example:
 * ```ts
 * const page = await newPage({ locale: 'es' });
 * await signIn(page, admin.email, admin.password);
 * await page.getByRole('link', { name: 'Usuarios' }).click();
 * afterAll(closeBrowser);
 * ```
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { backend, createAccount, deleteAccount, uniqueEmail, type TestAccount } from './backend';

/** Chromium binary; Debian's package by default. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags: headless without GPU or sandbox (containers, CI as root), and no traffic beyond loopback
 * (no QUIC, background networking, component updates or sync) so runs work offline.
 * playwright adds --headless itself and gives every launch a fresh temporary user-data-dir.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

let browserPromise: Promise<Browser> | undefined;

/** The browser shared by the tests of one file (launched on first use). */
export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  return browserPromise;
}

/** Closes the shared browser (and every page). Use as `afterAll(closeBrowser)`. */
export async function closeBrowser(): Promise<void> {
  const browser = await browserPromise;
  browserPromise = undefined;
  await browser?.close();
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

/**
 * Signs in through the real login form (/login), finding fields by label and the button by role
 * and name, in the page's language ('en' or 'es'), and waits until the app leaves /login.
 *
 * @throws playwright TimeoutError when the app stays on /login (wrong credentials, unverified
 *   e-mail, no users record) within `timeoutMs` (default 15 000).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  { locale = 'en', timeoutMs = 15_000 }: { locale?: string; timeoutMs?: number } = {},
): Promise<void> {
  const labels = LOGIN_LABELS[locale.slice(0, 2)] ?? LOGIN_LABELS.en!;
  await page.goto('/login');
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.login, exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: timeoutMs });
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
 * through the login form on a new page. Use `afterAll(() => session?.close())`.
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
