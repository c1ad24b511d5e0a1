/**
 * Users list benchmark (figures only; never fails for slowness): the users list with 10,000
 * and 50,000 users,
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
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openHarness, SETTLED_SOURCE, stats } from './support/chromiumHarness';

/** List sizes measured: 10,000 (the users list's first target) and a large agency's 50,000. */
const SIZES = [10_000, 50_000];
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
${SETTLED_SOURCE}
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

/** Builds the page, opens it in Chromium and prints the three figures. */
export async function runUsersBench(): Promise<void> {
  const harness = await openHarness('users', HARNESS);
  try {
    const { page } = harness;
    type Bench = {
      load(n: number): { ms: number; rows: number };
      type(value: string): Promise<number>;
      sort(header: string): Promise<number>;
    };
    for (const size of SIZES) {
      const loaded = await page.evaluate(
        (n) => (window as unknown as { bench: Bench }).bench.load(n),
        size,
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
      console.log(`\nUsers list, ${size.toLocaleString('en')} users (production build, Chromium):`);
      console.log(
        `  first page after the data arrives: ${loaded.ms.toFixed(0)} ms (${loaded.rows} rows; target < 1000 ms)`,
      );
      console.log(`  filter keystroke (${SAMPLES}): ${stats(keystrokes)} (target < 50 ms p95)`);
      console.log(`  sort header click (${SAMPLES}): ${stats(sorts)} (target < 50 ms p95)`);
    }
  } finally {
    await harness.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runUsersBench();
  process.exit(0);
}
