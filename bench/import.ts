/**
 * Benchmark of the CSV import of the students list (src/shared/import, the callable
 * httpsImportPeople). Figures only; never fails for slowness.
 *
 * | figure                                              | how                                     |
 * | 50,000-row file (about 10 MB): parse + check time   | in-page: 'Check all rows' click to the  |
 * |                                                     | frame showing the checked summary       |
 * | longest main-thread task meanwhile                  | PerformanceObserver 'longtask' entries  |
 * | parse + check memory                                | the worker's code in Node: heap growth  |
 * |                                                     | (after GC) holding the checked rows     |
 * | 5,000 students imported (invitations off)           | in-page: 'Import 5000 rows' click to    |
 * |                                                     | the 'Import finished' frame             |
 * | longest main-thread task during the import          | PerformanceObserver 'longtask'          |
 *
 * A production build (test mode: it talks to the local backend) is served by `vite preview` and
 * driven in Chromium as an admin would use it. Needs the local backend: `npx tsx bench/import.ts`
 * starts a fresh, empty one (`emulators/start.ts --exec`) unless one is already listening;
 * `npm run bench` runs it too. `npx tsx bench/import.ts --help` prints the options ({@link USAGE}).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { READY_TIMEOUT_MS, ROOT } from './support/chromiumHarness';
import { runBench, withBackend } from './support/runBench';

/** The value after `--name` on the command line, if given. */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** What `--help` prints. */
const USAGE = `Usage: npx tsx bench/import.ts [--parse-rows N] [--import-rows N] [--profile FILE]

  --parse-rows N    rows of the file parsed and checked, nothing imported (default 50000)
  --import-rows N   students imported for real, invitations off (default 5000)
  --profile FILE    also writes a Chromium CPU profile of the page during the import
                    (.cpuprofile, opens in Chrome DevTools' Performance panel)

Starts a fresh local backend unless one is listening. The full run (50,000 parsed, 5,000
imported) took about 12 minutes at a load of 14-20 on 2 cores (the import 670 s); a short probe
(about 6 minutes with the backend's start and the build):
  npx tsx bench/import.ts --parse-rows 1000 --import-rows 500
Run it alone on the machine (in its own network namespace when other backends run:
  unshare -n bash -c 'ip link set lo up; npx tsx bench/import.ts ...'): its figures are the
local backend's and move with the machine's load (print the load average beside them).`;

const PARSE_ROWS = Number(option('parse-rows') ?? 50_000);
const IMPORT_ROWS = Number(option('import-rows') ?? 5_000);
const PROFILE = option('profile');
const HEADER = [
  'Name',
  'E-mail',
  'Mobile',
  'Gender',
  'Date of birth',
  'Country',
  'House number',
  'Building name',
  'Street 1',
  'Street 2',
  'Postcode',
  'Student name',
  'Student mobile',
];

/** A CSV of `n` students of `token` (about 200 bytes a row); one row in 100 is bad. */
function csv(n: number, token: string, withBad: boolean): string {
  const rows: string[][] = [];
  for (let i = 0; i < n; i++) {
    const bad = withBad && i % 100 === 99;
    rows.push([
      bad ? '' : `Student Number ${i} ${token}`,
      `${token}-${i}@bench.test`,
      `+65 ${String(80000000 + i).slice(0, 4)} ${String(i).padStart(4, '0')}`,
      i % 2 ? 'Female' : 'Male',
      `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/20${String(i % 20).padStart(2, '0')}`,
      'SG',
      String(i % 300),
      `Tower ${i % 50} Residences`,
      `${i % 99} Orchard Road`,
      `#${String(i % 40).padStart(2, '0')}-${String(i % 90).padStart(2, '0')}`,
      String(100000 + (i % 800000)),
      `Child of Student ${i}`,
      '+65 9000 0000',
    ]);
  }
  return Papa.unparse({ fields: HEADER, data: rows });
}

/** In-page from document start: every long task's duration, from `__longTasksFrom` on. */
const LONG_TASKS_SOURCE = `
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ entryTypes: ['longtask'] });
`;

/** The longest main-thread task (ms) that started after `from` (page clock), 0 if none. */
async function longestTask(page: Page, from: number): Promise<number> {
  return page.evaluate(
    (since) =>
      Math.max(
        0,
        ...(window as unknown as { __longTasks: Array<[number, number]> }).__longTasks
          .filter(([start]) => start >= since)
          .map(([, duration]) => duration),
      ),
    from,
  );
}

/**
 * Clicks `button` in the import dialog and resolves with the ms (page clock) from the click to
 * the frame after the dialog's status line first matches `done`, and the click's time.
 */
async function timeUntil(page: Page, button: string, done: RegExp): Promise<[number, number]> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).waitFor({ timeout: READY_TIMEOUT_MS });
  const watch = page.evaluate(
    (pattern) =>
      new Promise<[number, number]>((resolve) => {
        const status = document.querySelector('dialog [role="status"]')!;
        let start = 0;
        document.addEventListener(
          'click',
          () => {
            start = performance.now();
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          if (!new RegExp(pattern).test(status.textContent ?? '')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve([performance.now() - start, start]));
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
      }),
    done.source,
  );
  await dialog.getByRole('button', { name: button }).click();
  return watch;
}

/** Time and heap growth of parsing and checking the file at `path` in Node (support/importMemory.ts). */
function nodeMemory(path: string): { mb: number; ms: number; gc: boolean } | null {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/support/importMemory.ts'), path],
    {
      cwd: ROOT,
      encoding: 'utf8',
      // The app's tsconfig, for the `@/` imports of the modules it loads.
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.app.json') },
    },
  );
  try {
    return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as {
      mb: number;
      ms: number;
      gc: boolean;
    };
  } catch {
    console.error(result.stderr);
    return null;
  }
}

/** Runs the figures; needs the backend up (see the module comment). */
export async function runImportBench(): Promise<void> {
  await withBackend(import.meta.url, measure);
}

/** The measurement itself; needs the backend up. */
async function measure(): Promise<void> {
  const { createAccount, deleteAccount } = await import('../tests/support/backend');
  const { closeBrowser, launchBrowser, signIn } = await import('../tests/support/browser');
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const outDir = join(dir, 'dist');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: ROOT,
    mode: 'test',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  process.env.NODE_ENV = nodeEnv;
  const server = await preview({
    root: ROOT,
    mode: 'test',
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, strictPort: false },
  });
  const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  const admin = await createAccount({ isAdmin: true, record: { name: 'Import Bench Admin' } });
  const token = `b${Date.now().toString(36)}`;
  try {
    const browser = await launchBrowser({ optimizingCompilers: true });
    const context = await browser.newContext({
      baseURL: base,
      locale: 'en',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(READY_TIMEOUT_MS);
    await page.addInitScript(LONG_TASKS_SOURCE);
    await signIn(page, admin.email, admin.password, { timeoutMs: READY_TIMEOUT_MS });
    console.log('\nImport (students list, production build, Chromium):');

    // 1. A large file parsed and checked, nothing imported.
    const large = csv(PARSE_ROWS, `${token}p`, true);
    const largePath = join(dir, 'large.csv');
    writeFileSync(largePath, large);
    await page.goto('/students');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('dialog').getByLabel('CSV file').setInputFiles(largePath);
    const [checkMs, checkStart] = await timeUntil(page, 'Check all rows', /rows checked/);
    const checkTask = await longestTask(page, checkStart);
    const memory = nodeMemory(largePath);
    console.log(
      `  ${PARSE_ROWS.toLocaleString('en')} rows (${(large.length / 1024 / 1024).toFixed(1)} MB) parsed and checked: ${(checkMs / 1000).toFixed(2)} s; longest main-thread task meanwhile ${checkTask.toFixed(0)} ms`,
    );
    console.log(
      memory
        ? `  the same in Node (the worker's code): ${(memory.ms / 1000).toFixed(2)} s, heap +${memory.mb.toFixed(0)} MB after GC holding the checked rows${memory.gc ? '' : ' (not collected first)'}`
        : '  memory: no figure',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // 2. Students imported for real (invitations off).
    const small = csv(IMPORT_ROWS, `${token}i`, false);
    const smallPath = join(dir, 'import.csv');
    writeFileSync(smallPath, small);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('dialog').getByLabel('CSV file').setInputFiles(smallPath);
    await timeUntil(page, 'Check all rows', /rows checked/);
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const [importMs, importStart] = await timeUntil(
      page,
      `Import ${IMPORT_ROWS.toLocaleString('en')} rows`,
      /^Import finished/,
    );
    if (cdp && PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(resolve(PROFILE), JSON.stringify(profile));
      console.log(`  CPU profile of the import: ${resolve(PROFILE)}`);
    }
    const importTask = await longestTask(page, importStart);
    const summary = await page.getByRole('dialog').getByRole('status').textContent();
    console.log(
      `  ${IMPORT_ROWS.toLocaleString('en')} students imported (invitations off): ${(importMs / 1000).toFixed(1)} s (${((IMPORT_ROWS * 1000) / importMs).toFixed(1)} rows/s); longest main-thread task ${importTask.toFixed(0)} ms`,
    );
    console.log(`  ${summary}`);
  } finally {
    await closeBrowser();
    await deleteAccount(admin.uid);
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await runBench(import.meta.url, runImportBench, USAGE);
