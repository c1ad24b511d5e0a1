/**
 * App benchmark (issue 5): prints figures, never fails.
 *
 * 1. The JavaScript needed to load /login, gzipped (budget 180 KB): a production `vite build`,
 *    then, from dist/.vite/manifest.json, the entry chunk and its static imports plus the lazy
 *    /login page chunk and its static imports (dynamic imports, e.g. the Database SDK, are not
 *    counted: /login does not load them).
 * 2. Time from navigation to the signed-in dashboard in Chromium, when the local backend is up:
 *    a build in `test` mode (.env.test: talks to the emulators) served by `vite preview`; open
 *    /login, sign in as a fresh admin, wait for the dashboard heading. Median of a few runs,
 *    each in a new browser context (cold caches, no stored session).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { REQUIRED_FIREBASE_ENV } from '../scripts/envCheck';
import { build, preview } from 'vite';
import { READY_TIMEOUT_MS } from './support/chromiumHarness';
import { reachable } from './support/reachable';

const ROOT = join(import.meta.dirname, '..');
const BUDGET_KB = 180;
const LOGIN_PAGE = 'src/features/auth/pages/LoginPage.tsx';
const RUNS = 3;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

async function buildApp(mode: string, outDir: string): Promise<Manifest> {
  // Under emulators/start.ts NODE_ENV is 'test' or 'development', which makes Vite bundle React's
  // development builds; both builds here are production builds (mode only picks the .env file).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // A production build refuses to start without the project's values (scripts/envCheck.ts);
  // placeholders measure the same bundle. Values already set (a real .env.production) win.
  for (const name of REQUIRED_FIREBASE_ENV) {
    process.env[name] ??=
      name === 'VITE_FIREBASE_DATABASE_URL' ? 'https://bench-placeholder.firebaseio.com' : 'bench';
  }
  try {
    await build({
      root: ROOT,
      mode,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Files of `keys` and of everything they import statically, once each. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/** Gzipped and raw bytes of the `.js` files among `files` in `outDir`, with a row per file. */
function sizeOf(outDir: string, files: Iterable<string>) {
  let gzip = 0;
  let raw = 0;
  const rows: string[] = [];
  for (const file of [...files].filter((f) => f.endsWith('.js'))) {
    const bytes = readFileSync(join(outDir, file));
    const z = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += z;
    rows.push(`    ${file.padEnd(44)} ${(z / 1024).toFixed(1).padStart(7)} KB gz`);
  }
  return { gzip, raw, rows };
}

/**
 * Gzipped bytes of the JavaScript an empty app with the same stack loads (bench/login-floor:
 * React, a data router, react-intl, Redux Toolkit + redux-persist, react-toastify, Firebase
 * Auth): the floor /login is compared with (issue 16: at most 5% above it).
 */
async function floorBundle(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-app-floor-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // A production build refuses to start without the project's values (scripts/envCheck.ts);
  // placeholders measure the same bundle. Values already set (a real .env.production) win.
  for (const name of REQUIRED_FIREBASE_ENV) {
    process.env[name] ??=
      name === 'VITE_FIREBASE_DATABASE_URL' ? 'https://bench-placeholder.firebaseio.com' : 'bench';
  }
  try {
    await build({
      configFile: false,
      root: join(ROOT, 'bench', 'login-floor'),
      plugins: [react()],
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(
      readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const entry = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
    return sizeOf(outDir, staticClosure(manifest, entry)).gzip;
  } finally {
    process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Gzipped KB of /login's JavaScript in a production build, and how far above the floor. */
async function loginBundle(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-app-prod-'));
  try {
    const manifest = await buildApp('production', outDir);
    const entry = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
    if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} is not a chunk of the build`);
    const files = staticClosure(manifest, [...entry, LOGIN_PAGE]);
    const { gzip, raw, rows } = sizeOf(outDir, files);
    const kb = gzip / 1024;
    console.log(`App: JavaScript to load /login (production build, ${files.size} files)`);
    rows.forEach((r) => console.log(r));
    console.log(
      `  total ${kb.toFixed(1)} KB gzipped (${(raw / 1024).toFixed(0)} KB raw); budget ${BUDGET_KB} KB: ${kb <= BUDGET_KB ? 'within' : 'OVER'}`,
    );
    const floor = (await floorBundle()) / 1024;
    const above = (kb / floor - 1) * 100;
    console.log(
      `  empty app with the same stack (bench/login-floor): ${floor.toFixed(1)} KB gzipped; /login is ${above.toFixed(1)}% above it (target <= 5%)`,
    );
  } finally {
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
    await buildApp('test', outDir);
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
    const browser = await launchBrowser();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'en' });
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(`${base}/login`);
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page
        .getByRole('heading', { name: 'Dashboard', level: 1 })
        .waitFor({ timeout: READY_TIMEOUT_MS });
      times.push(performance.now() - start);
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
