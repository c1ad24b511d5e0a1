/**
 * App benchmark: prints figures, never fails.
 *
 * 1. The JavaScript a browser fetches to show /login, gzipped (budget 180 KB; at most
 *    5% above an empty app with the same stack, bench/login-floor): production builds of the app
 *    and of the floor app, each served by `vite preview` and opened at /login in Chromium; every
 *    script fetched until the sign-in button shows and the network is idle counts (the entry, its
 *    static imports, the lazy route, the visitor's catalogue), whatever way it was imported.
 * 2. Time from navigation to the signed-in dashboard in Chromium, when the local backend is up:
 *    a build in `test` mode (.env.test: talks to the emulators) served by `vite preview`; open
 *    /login, sign in as a fresh admin, wait for the dashboard heading. Median of a few runs,
 *    each in a new browser context (cold caches, no stored session).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { REQUIRED_FIREBASE_ENV } from '../scripts/envCheck';
import { build, preview } from 'vite';
import { pageMs, READY_TIMEOUT_MS, SHOWN_SOURCE, watchShown } from './support/chromiumHarness';
import { reachable } from './support/reachable';

const ROOT = join(import.meta.dirname, '..');
const BUDGET_KB = 180;
const RUNS = 3;
const FLOOR_ROOT = join(ROOT, 'bench', 'login-floor');

/**
 * A production build of the app (`mode` picks the .env file) or, with `floor`, of the floor app
 * bench/login-floor (its own root, no project config), into `outDir`.
 */
export async function productionBuild(outDir: string, mode: string, floor = false): Promise<void> {
  // Under emulators/start.ts NODE_ENV is 'test' or 'development', which makes Vite bundle React's
  // development builds; both builds here are production builds (mode only picks the .env file).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // A production build refuses to start without the project's values (scripts/envCheck.ts);
  // placeholders measure the same bundle. Values already set (a real .env.production) win. Only
  // a production-mode build gets them, and only for its own run: process.env outranks the .env
  // files, so a placeholder left behind would point the test-mode build (the sign-in time,
  // which talks to the local backend) at no backend at all.
  const placeholders =
    mode === 'production' ? REQUIRED_FIREBASE_ENV.filter((name) => !process.env[name]) : [];
  for (const name of placeholders) {
    process.env[name] =
      name === 'VITE_FIREBASE_DATABASE_URL' ? 'https://bench-placeholder.firebaseio.com' : 'bench';
  }
  try {
    await build({
      ...(floor ? { configFile: false, plugins: [react()] } : {}),
      root: floor ? FLOOR_ROOT : ROOT,
      mode,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
    for (const name of placeholders) delete process.env[name];
  }
}

/** Gzip level 9 size of a file, bytes (what a server sending it compressed transfers). */
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** What a page fetched from its own server while loading: gzipped bytes per file, by kind. */
interface Fetched {
  js: Map<string, number>;
  css: Map<string, number>;
}

/**
 * Opens `url` in a new Chromium context and records every script and stylesheet it fetches
 * until the sign-in button shows and the network is idle (what a visitor's browser loads before
 * typing anything: the entry, its static imports, the lazy /login route and the catalogue of the
 * visitor's language), sized from the built files in `outDir` (gzip level 9).
 */
async function fetchedBy(url: string, outDir: string): Promise<Fetched> {
  const { launchBrowser } = await import('../tests/support/browser');
  const browser = await launchBrowser({ optimizingCompilers: true });
  const context = await browser.newContext({ locale: 'en' });
  const page = await context.newPage();
  const fetched: Fetched = { js: new Map(), css: new Map() };
  const origin = new URL(url).origin;
  page.on('response', (response) => {
    const at = new URL(response.url());
    if (at.origin !== origin) return;
    const kind = at.pathname.endsWith('.js') ? 'js' : at.pathname.endsWith('.css') ? 'css' : null;
    if (kind) fetched[kind].set(at.pathname.slice(1), gzipped(join(outDir, at.pathname)));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  return fetched;
}

/** Serves a built `outDir` with `vite preview` and returns what its /login fetches. */
async function loginFetches(outDir: string, root: string): Promise<Fetched> {
  const server = await preview({
    configFile: false,
    root,
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, strictPort: false },
  });
  try {
    const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    return await fetchedBy(`${base}/login`, outDir);
  } finally {
    await server.close();
  }
}

const kb = (bytes: number) => bytes / 1024;
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

/**
 * The empty app with the same stack that /login is compared with (bench/login-floor:
 * at most 5% above it), built and loaded the same way.
 */
async function floorFetches(): Promise<Fetched> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-app-floor-'));
  try {
    await productionBuild(outDir, 'production', true);
    return await loginFetches(outDir, FLOOR_ROOT);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Gzipped KB of the JavaScript (and CSS) a browser fetches to show /login, in a production build,
 * and how far above the floor app it is.
 */
async function loginBundle(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-app-prod-'));
  try {
    await productionBuild(outDir, 'production');
    const app = await loginFetches(outDir, ROOT);
    const floor = await floorFetches();
    const js = kb(total(app.js));
    console.log(`App: JavaScript a browser fetches to show /login (production build, gzip -9)`);
    [...app.js]
      .sort((a, b) => b[1] - a[1])
      .forEach(([file, bytes]) =>
        console.log(`    ${file.padEnd(44)} ${kb(bytes).toFixed(1).padStart(7)} KB gz`),
      );
    console.log(
      `  total ${js.toFixed(1)} KB in ${app.js.size} files; budget ${BUDGET_KB} KB: ${js <= BUDGET_KB ? 'within' : 'OVER'}; CSS ${kb(total(app.css)).toFixed(1)} KB`,
    );
    const floorJs = kb(total(floor.js));
    console.log(
      `  empty app with the same stack (bench/login-floor): ${floorJs.toFixed(1)} KB in ${floor.js.size} files; /login is ${((js / floorJs - 1) * 100).toFixed(1)}% above it (target <= 5%)`,
    );
  } finally {
    const { closeBrowser } = await import('../tests/support/browser');
    await closeBrowser();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Navigation to signed-in dashboard, ms, on the local backend (skipped when it is down). */
async function signInTime(): Promise<void> {
  const up =
    (await reachable('http://127.0.0.1:9099/')) && (await reachable('http://127.0.0.1:9000/.json'));
  if (!up) {
    console.log(
      'App: sign-in time skipped: the local backend (Auth 9099, Database 9000) is not running.',
    );
    return;
  }
  // Imported here: they connect to the backend when loaded.
  const { createAccount, deleteAccount } = await import('../tests/support/backend');
  const { launchBrowser, closeBrowser } = await import('../tests/support/browser');
  const outDir = mkdtempSync(join(tmpdir(), 'bench-app-test-'));
  const server = await (async () => {
    await productionBuild(outDir, 'test');
    return preview({
      root: ROOT,
      mode: 'test',
      logLevel: 'error',
      build: { outDir },
      preview: { port: 0, strictPort: false },
    });
  })();
  const admin = await createAccount({ isAdmin: true });
  try {
    const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    const browser = await launchBrowser({ optimizingCompilers: true });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'en' });
      const page = await context.newPage();
      await page.addInitScript(SHOWN_SOURCE);
      await page.goto(`${base}/login`);
      // Timed in the page, from the navigation's start (SHOWN_SOURCE).
      await watchShown(
        page,
        '__dashboardAt',
        `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Dashboard')`,
      );
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page
        .getByRole('heading', { name: 'Dashboard', level: 1 })
        .waitFor({ timeout: READY_TIMEOUT_MS });
      times.push(await pageMs(page, 'window.__dashboardAt'));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `App: /login to signed-in dashboard (vite preview, test build, Chromium): median ${median.toFixed(0)} ms over ${RUNS} runs [${times.map((t) => t.toFixed(0)).join(', ')}]`,
    );
  } finally {
    await closeBrowser();
    await deleteAccount(admin.uid);
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs both measurements; failures are printed, not thrown. */
export async function runAppBench(): Promise<void> {
  for (const step of [loginBundle, signInTime]) {
    try {
      await step();
    } catch (e) {
      console.log(`App: ${step.name} could not run: ${(e as Error).message}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runAppBench();
  process.exit(0);
}
