/**
 * Lighthouse benchmark of the pages a phone opens from a link: prints figures, never fails on a
 * score.
 *
 * Lighthouse (npm `lighthouse`, 12.x: 13 needs Node 22) in its default mobile profile (simulated
 * slow 4G: 150 ms round trip, 1.6 Mbit/s; 4x CPU slowdown), performance category only, on a
 * production build for the local backend (`vite build --mode test` with NODE_ENV=production)
 * served by `vite preview` as Hosting serves it, in Debian's Chromium, headless. Pages: /login,
 * the e-mail action page (a password-reset link), an order's QR and payment pages (an order
 * written for the run; they read `publicOrders/{id}`) and a result chart. Each page is measured
 * `--runs` times (default 3); the score and the metrics are printed as min / median / max, with
 * the machine's load average before and after (total blocking time is the main thread's real long
 * tasks, so it follows the load; first and largest contentful paint are mostly the simulated
 * network).
 *
 * Served over HTTP/2 with TLS (a self-signed certificate made for the run, which the browser is
 * told to accept), as Firebase Hosting serves the app: Lighthouse models the connections it saw,
 * and over HTTP/1.1 each of the page's small chunks would wait for one of six connections, which
 * no visitor of the deployed site does. `--http1` measures over plain HTTP/1.1 instead.
 *
 * Lighthouse is not a dependency of the project (about 130 packages): give its CLI as
 * `LIGHTHOUSE=/path/to/node_modules/.bin/lighthouse`, or the bench runs `npx --yes
 * lighthouse@12.2.3` (downloaded once into npm's cache).
 *
 * Needs the local backend: run `npx tsx bench/lighthouse.ts` and it starts a fresh, empty one
 * (`emulators/start.ts --exec`) unless one is listening. Options: `--runs 5`; `--only
 * login,qrcode` (page names: login, auth-action, auth-action-invalid, qrcode, payment,
 * chart); `--dist dir` measures an
 * existing build in `dir` instead of building; `--keep dir` keeps each report's JSON in `dir`.
 *
 * `--lists 10000` measures the students, tutors and orders lists instead (`--only students` picks
 * among them), signed in as an admin, with that many students, tutors and orders (bench/scale.ts's
 * data set, which replaces those collections: never against `npm start`'s data). The admin signs
 * in through the login form in a Chromium whose debugging port Lighthouse then drives (`--port`,
 * `--disable-storage-reset`, so the session and the persisted first pages stay, as for an admin
 * who comes back to the list).
 */
import { execFile } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { preview } from 'vite';
import { HOST } from '../emulators/config';
import { productionBuild } from './app';
import { runBench, withBackend } from './support/runBench';
import { selfSignedTls } from './support/selfSignedTls';

const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);

/** The value after `--name` on the command line, if given. */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The figures of one Lighthouse run. */
interface Figures {
  score: number;
  /** ms */
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Bytes transferred, as served (compressed where the server compresses). */
  bytes: number;
}

/** The parts of a Lighthouse JSON report read here (its "LHR" format). */
interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/** The figures of a report; NaN for a metric Lighthouse could not take. */
function figuresOf(report: Report): Figures {
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/** The Lighthouse CLI to run: `LIGHTHOUSE`, or the pinned version through npx. */
function lighthouseCommand(): [string, string[]] {
  const given = process.env.LIGHTHOUSE;
  return given ? [given, []] : ['npx', ['--yes', 'lighthouse@12.2.3']];
}

/**
 * Runs Lighthouse once on `url`; the report's JSON goes to `output`. With `port`, Lighthouse
 * drives the Chromium listening there and keeps its storage (a signed-in session); otherwise it
 * launches one of its own.
 */
async function lighthouse(url: string, output: string, port?: number): Promise<Figures> {
  const [command, prefix] = lighthouseCommand();
  // Imported here: the tests' support modules connect to the backend when loaded.
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../tests/support/browser');
  // Headless without sandbox or GPU, as the tests' browser; the run's certificate accepted.
  const chromeFlags = ['--headless=new', ...CHROMIUM_ARGS, '--ignore-certificate-errors'].join(' ');
  const browser = port
    ? [`--port=${port}`, '--disable-storage-reset']
    : [`--chrome-flags=${chromeFlags}`];
  await run(
    command,
    [
      ...prefix,
      url,
      '--only-categories=performance',
      ...browser,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      // The trace beside the report (`<name>-0.trace.json`), for reading the main thread's tasks.
      ...(option('keep') ? ['--save-assets'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  return figuresOf(report);
}

/** The `https` option of `vite preview` (HTTP/2, bench/support/selfSignedTls.ts); undefined with `--http1`. */
function tlsOptions(dir: string): { key: Buffer; cert: Buffer } | undefined {
  return process.argv.includes('--http1') ? undefined : selfSignedTls(dir);
}

/** `values` sorted; its min, median and max. */
function spread(values: number[]): [number, number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted.at(-1)!];
}

/** One line of figures: each metric as min / median / max over the runs. */
function describe(runs: Figures[]): string {
  const of = (pick: (f: Figures) => number, format: (n: number) => string) =>
    spread(runs.map(pick)).map(format).join(' / ');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `score ${of((f) => f.score, String)}`,
    `FCP ${of((f) => f.fcp, seconds)}`,
    `LCP ${of((f) => f.lcp, seconds)}`,
    `TBT ${of(
      (f) => f.tbt,
      (ms) => `${ms.toFixed(0)} ms`,
    )}`,
    `SI ${of((f) => f.si, seconds)}`,
    `CLS ${of(
      (f) => f.cls,
      (n) => n.toFixed(3),
    )}`,
    `transferred ${of(
      (f) => f.bytes,
      (b) => `${(b / 1024).toFixed(1)} KB`,
    )}`,
  ].join('; ');
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * A password-reset code of a new account (the Admin SDK's reset link against the local Auth
 * emulator): checking it does not spend it, so every Lighthouse run of the page sees the form.
 * `remove()` deletes the account.
 */
async function resetLink(): Promise<{ oobCode: string; remove: () => Promise<void> }> {
  const { getAuth } = await import('firebase-admin/auth');
  const { adminApp, createAccount, deleteAccount } = await import('../tests/support/backend');
  const account = await createAccount({ isAdmin: false });
  const link = await getAuth(adminApp()).generatePasswordResetLink(account.email);
  const oobCode = new URL(link).searchParams.get('oobCode');
  if (!oobCode) throw new Error(`no oobCode in the reset link ${link}`);
  return { oobCode, remove: () => deleteAccount(account.uid) };
}

/** Measures every page of the run; needs the backend up. */
async function measure(): Promise<void> {
  const runs = Number(option('runs') ?? 3);
  const only = option('only')?.split(',');
  const keep = option('keep');
  const outDir = option('dist') ?? mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const reports = keep ?? mkdtempSync(join(tmpdir(), 'bench-lighthouse-reports-'));
  mkdirSync(reports, { recursive: true });
  if (!option('dist')) await productionBuild(outDir, 'test');
  const server = await preview({
    root: ROOT,
    mode: 'test',
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, strictPort: false, https: tlsOptions(reports) },
  });
  const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  const lists = option('lists');
  if (lists) {
    try {
      await measureLists(base, Number(lists), runs, reports, only);
    } finally {
      await server.close();
      if (!option('dist')) rmSync(outDir, { recursive: true, force: true });
      if (!keep) rmSync(reports, { recursive: true, force: true });
    }
    return;
  }
  const { arrangePublicOrder, removeOrders } = await import('../tests/support/orderFixture');
  const orderId = await arrangePublicOrder('lhOrder');
  const reset = await resetLink();
  try {
    const pages: [string, string][] = (
      [
        ['login', '/login'],
        // The link of a reset e-mail: the code names the account, the new-password form shows.
        ['auth-action', `/auth/action?mode=resetPassword&oobCode=${reset.oobCode}&lang=en`],
        // A reset link whose code the Auth backend does not know: the page says the link is no
        // longer valid (what an expired link shows).
        ['auth-action-invalid', '/auth/action?mode=resetPassword&oobCode=lighthouse-bench&lang=en'],
        ['qrcode', `/qrcode/${orderId}`],
        ['payment', `/payment/${orderId}/240.50`],
        ['chart', '/chart/12,8,5,14,9,16,7,3'],
      ] as [string, string][]
    ).filter(([name]) => !only || only.includes(name));
    console.log(
      `Lighthouse mobile (performance), ${runs} runs per page, min / median / max; load average before: ${load()}`,
    );
    for (const [name, path] of pages) {
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        try {
          figures.push(await lighthouse(`${base}${path}`, join(reports, `${name}-${i + 1}.json`)));
        } catch (error) {
          console.log(`  ${name} run ${i + 1} could not run: ${(error as Error).message}`);
        }
      }
      const scores = figures.map((f) => f.score).join(', ');
      console.log(
        figures.length
          ? `  ${name.padEnd(12)} ${describe(figures)} (scores ${scores}; load ${load()})`
          : `  ${name}: no figures`,
      );
    }
    console.log(`  load average after: ${load()}${keep ? `; reports in ${keep}` : ''}`);
  } finally {
    await reset.remove();
    await removeOrders([orderId]);
    await server.close();
    if (!option('dist')) rmSync(outDir, { recursive: true, force: true });
    if (!keep) rmSync(reports, { recursive: true, force: true });
  }
}

/** A TCP port nobody listens on now (for Chromium's debugging port). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The lists at `n` records (see the module comment): seeds them, signs a fresh admin in through
 * the form in a Chromium with a debugging port, and runs Lighthouse `runs` times on each list
 * (each of `only`'s, when given: students, tutors, orders).
 */
async function measureLists(
  base: string,
  n: number,
  runs: number,
  reports: string,
  only: string[] | undefined,
) {
  const { seed } = await import('./scale');
  const seconds = await seed(n);
  const { createAccount, deleteAccount } = await import('../tests/support/backend');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../tests/support/browser');
  const { chromium } = await import('playwright-core');
  const admin = await createAccount({ isAdmin: true });
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors', `--remote-debugging-port=${port}`],
    ignoreHTTPSErrors: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
    await page.goto('about:blank');
    console.log(
      `Lighthouse mobile (performance) of the lists with ${n.toLocaleString('en')} students, tutors and orders (seeded in ${seconds.toFixed(0)} s), signed in as an admin, ${runs} runs per list, min / median / max; load average before: ${load()}`,
    );
    for (const list of ['students', 'tutors', 'orders'].filter((l) => !only || only.includes(l))) {
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        try {
          figures.push(
            await lighthouse(`${base}/${list}`, join(reports, `${list}-${n}-${i + 1}.json`), port),
          );
        } catch (error) {
          console.log(`  ${list} run ${i + 1} could not run: ${(error as Error).message}`);
        }
      }
      const scores = figures.map((f) => f.score).join(', ');
      console.log(
        figures.length
          ? `  ${list.padEnd(12)} ${describe(figures)} (scores ${scores}; load ${load()})`
          : `  ${list}: no figures`,
      );
    }
    console.log(`  load average after: ${load()}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await deleteAccount(admin.uid);
  }
}

/** Runs the measurement, inside a backend of its own when none is listening. */
export async function runLighthouseBench(): Promise<void> {
  await withBackend(import.meta.url, measure);
}

await runBench(import.meta.url, runLighthouseBench);
