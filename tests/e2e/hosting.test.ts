/**
 * The production build behind firebase-tools' Hosting emulator with the real firebase.json
 * `hosting` section (headers, SPA rewrite): what a deployed site sends, and what Chromium does
 * with its Content-Security-Policy on the login page (zero violations, sign-in request included).
 *
 * The build uses placeholder VITE_FIREBASE_* values of a `demo-csp` project (a temporary
 * envDir), so it is a real production build that talks to the production Firebase hosts. Those
 * requests are answered by the test (playwright routing) after Chromium has applied the CSP, so
 * nothing leaves the machine. tests/integration/hostingHeaders.test.ts checks the file itself.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirebaseTools, type FirebaseToolsProcess } from '../../emulators/firebase-tools';
import { closeBrowser, launchBrowser } from '../support/browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
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

/** Placeholder production configuration (.env.production.example's variables). */
const PRODUCTION_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyDemoDemoDemoDemoDemoDemoDemoDemo',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-csp.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-csp',
  VITE_FIREBASE_DATABASE_URL: 'https://demo-csp-default-rtdb.asia-southeast1.firebasedatabase.app',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-csp.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
};

/** A TCP port that is free now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let dir: string;
let firebaseTools: FirebaseToolsProcess | undefined;
let origin: string;
let context: BrowserContext | undefined;
const log: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hosting-e2e-'));
  writeFileSync(
    path.join(dir, '.env.production'),
    Object.entries(PRODUCTION_ENV)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
  );
  // Under Vitest NODE_ENV is 'test', which would bundle React's development build, and
  // process.env holds .env.test's VITE_* values, which Vite prefers to any env file.
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('VITE_')) delete process.env[key];
  }
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      mode: 'production',
      envDir: dir,
      logLevel: 'error',
      build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
    });
  } finally {
    Object.assign(process.env, saved);
    if (saved.NODE_ENV === undefined) delete process.env.NODE_ENV;
  }
  // Own ports (the local backend holds 4400/4500/5000-range neighbours during npm test).
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      hosting: { ...hosting, public: 'dist' },
      emulators: {
        hosting: { host: HOST, port },
        hub: { host: HOST, port: hub },
        logging: { host: HOST, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  firebaseTools = await startFirebaseTools({
    cwd: dir,
    projectId: 'demo-csp',
    only: ['hosting'],
    env: {},
    onLine: (line) => log.push(line),
    readyTimeoutMs: 60_000,
  }).catch((error: unknown) => {
    console.error(log.join('\n'));
    throw error;
  });
  origin = `http://${HOST}:${port}`;
});

afterAll(async () => {
  await context?.close();
  await closeBrowser();
  await firebaseTools?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Hosting emulator with firebase.json', () => {
  it.each(['/', '/login', '/index.html', '/users/some-id'])(
    '%s: the security headers, revalidated on every load',
    async (urlPath) => {
      const response = await fetch(`${origin}${urlPath}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      for (const [key, value] of pageHeaders) {
        if (key !== 'cache-control') expect(response.headers.get(key), key).toBe(value);
      }
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

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
    // leaves the machine. (Offline, Chromium fails them with ERR_INTERNET_DISCONNECTED first;
    // either way the CSP has allowed them by then.)
    await context.route('https://**', (route) =>
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
    page.on('console', (message) => {
      if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())) {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A request the CSP blocks never becomes a request event: these passed it.
    page.on('request', (request) => {
      if (request.url().startsWith('https://')) firebaseRequests.push(request.url());
    });
    await page.addInitScript(() => {
      // Offline machines (and the test's network namespace) report navigator.onLine false, and
      // the Auth SDK then fails a sign-in before sending it; the route above is the network.
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    return page;
  }

  it('the login page loads, styles its toasts and sends the sign-in request with no violation', async () => {
    const page = await productionPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // react-toastify's injected <style> (allowed by its hash) is in place once the app mounts.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('style')).some((s) =>
        s.textContent.includes('--toastify'),
      ),
    );
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
    expect(problems).toEqual([]);
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
