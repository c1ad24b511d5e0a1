/**
 * Issue 6 benchmark (figures only; never fails for slowness): the users list with 10,000 users,
 * in Chromium, on a production build (`vite build`, minified React) of a small page that renders
 * the app's own UsersTable from the app's users slice.
 *
 * 1. First page rendered after the data arrives: ms from dispatching the fetched records into
 *    the store (users.fetchAll.fulfilled) to the first page in the DOM (target < 1 s).
 * 2. A filter keystroke: ms from the input event to the updated rows in the DOM, p50/p95 over
 *    40 keystrokes (target < 50 ms p95).
 * 3. A sort header click: same, over 40 clicks alternating columns (target < 50 ms p95).
 *
 * Run alone with `npx tsx bench/users.ts`, or through `npm run bench` (bench/run.ts).
 * Needs no backend: the page never talks to Firebase.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USERS = 10_000;
const SAMPLES = 40;

/** The page under test: the store, the slice and UsersTable as the app wires them. */
const HARNESS = `
import { configureStore } from '@reduxjs/toolkit';
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider, useSelector } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import 'bulma/css/bulma.min.css';
import { messages } from '@/app/i18n/allMessages';
import { users } from '@/features/users/usersSlice';
import { UsersTable } from '@/features/users/components/UsersTable';

const store = configureStore({ reducer: { users: users.reducer } });
function List() {
  const all = useSelector((s) => users.selectors.selectAll(s.users));
  return h(UsersTable, { users: all, onDelete: () => {} });
}
createRoot(document.getElementById('root')).render(
  h(Provider, { store },
    h(IntlProvider, { locale: 'en', messages: messages.en },
      h(MemoryRouter, null, h(List)))),
);

const cities = ['Singapore', 'Madrid', 'Lima', 'Quito', 'Bogotá', 'Santiago', 'Valencia', 'Cusco'];
const first = ['Ana', 'Luis', 'Marta', 'Jorge', 'Lucía', 'Pablo', 'Sofía', 'Diego', 'Elena', 'Tomás'];
const rows = () => document.querySelectorAll('table tbody tr').length;
/**
 * Resolves after React has committed the update an event caused: React renders discrete events
 * (input, click) synchronously in a microtask, and anything it schedules otherwise goes through
 * a MessageChannel posted before ours.
 */
function settled() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(undefined);
    channel.port2.postMessage(null);
  });
}

window.bench = {
  load(n) {
    const data = Array.from({ length: n }, (_, i) => ({
      id: 'u' + i,
      name: first[i % first.length] + ' ' + (n - i),
      email: 'user' + i + '@tuition.test',
      location: cities[i % cities.length],
      logoUrl: null,
      createdAt: Date.UTC(2019, 0, 1) + i * 3_600_000,
      isAdmin: i % 50 === 0,
    }));
    const t0 = performance.now();
    flushSync(() => store.dispatch(users.fetchAll.fulfilled(data, 'bench')));
    const ms = performance.now() - t0;
    return { ms, rows: rows() };
  },
  async type(value) {
    const input = document.querySelector('input[type=search]');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const t0 = performance.now();
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settled();
    const ms = performance.now() - t0;
    if (input.value !== value) throw new Error('the search box did not take ' + value);
    return ms;
  },
  async sort(header) {
    const button = [...document.querySelectorAll('thead th button')].find((b) => b.textContent.startsWith(header));
    const sortBefore = button.closest('th').getAttribute('aria-sort');
    const t0 = performance.now();
    button.click();
    await settled();
    const ms = performance.now() - t0;
    if (button.closest('th').getAttribute('aria-sort') === sortBefore) throw new Error('no sort');
    return ms;
  },
};
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

/** Builds the page, opens it in Chromium and prints the three figures. */
export async function runUsersBench(): Promise<void> {
  // Inside the project (node_modules/.tmp, ignored by git) so the page's imports resolve.
  mkdirSync(join(ROOT, 'node_modules', '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.tmp', 'bench-users-'));
  const outDir = join(dir, 'dist');
  writeFileSync(join(dir, 'harness.ts'), HARNESS);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="./harness.ts"></script></body></html>',
  );
  const { launchBrowser, closeBrowser } = await import('../tests/support/browser');
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  try {
    const common = { configFile: join(ROOT, 'vite.config.ts'), root: dir, envDir: ROOT };
    await build({ ...common, mode: 'test', logLevel: 'error', build: { outDir, manifest: false } });
    server = await preview({
      ...common,
      mode: 'test',
      logLevel: 'error',
      build: { outDir },
      preview: { port: 0, strictPort: false },
    });
    const base = server.resolvedUrls?.local[0] ?? '';
    const browser = await launchBrowser();
    const page = await (await browser.newContext({ locale: 'en' })).newPage();
    page.on('pageerror', (error) => console.error('  page error:', error.message));
    await page.goto(base);
    await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 30_000 });
    type Bench = {
      load(n: number): { ms: number; rows: number };
      type(value: string): Promise<number>;
      sort(header: string): Promise<number>;
    };
    const loaded = await page.evaluate(
      (n) => (window as unknown as { bench: Bench }).bench.load(n),
      USERS,
    );

    const keystrokes: number[] = [];
    const words = ['m', 'ma', 'mad', 'madr', 'madri', 'madrid', 'madri', 'madr', 'mad', 'ma'];
    for (let i = 0; i < SAMPLES; i++) {
      const value = words[i % words.length]!;
      keystrokes.push(
        await page.evaluate((v) => (window as unknown as { bench: Bench }).bench.type(v), value),
      );
    }
    await page.evaluate(() => (window as unknown as { bench: Bench }).bench.type(''));
    const sorts: number[] = [];
    const headers = ['Name', 'Name', 'Email', 'Created', 'Location', 'Location'];
    for (let i = 0; i < SAMPLES; i++) {
      const header = headers[i % headers.length]!;
      sorts.push(
        await page.evaluate((h) => (window as unknown as { bench: Bench }).bench.sort(h), header),
      );
    }
    console.log(`\nUsers list, ${USERS.toLocaleString('en')} users (production build, Chromium):`);
    console.log(
      `  first page after the data arrives: ${loaded.ms.toFixed(0)} ms (${loaded.rows} rows; target < 1000 ms)`,
    );
    console.log(`  filter keystroke (${SAMPLES}): ${stats(keystrokes)} (target < 50 ms p95)`);
    console.log(`  sort header click (${SAMPLES}): ${stats(sorts)} (target < 50 ms p95)`);
  } finally {
    await closeBrowser();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runUsersBench();
  process.exit(0);
}
