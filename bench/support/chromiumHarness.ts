/**
 * Benchmarks of the app's own components in a real browser: a small harness page (an entry
 * module the bench writes, importing the app's modules through the `@/` alias) is built with the
 * app's vite.config.ts as a production build (`vite build`: minified React, no development-only
 * checks), served with `vite preview` on a free port, and opened in Chromium driven by
 * playwright-core with the flags of the e2e tests (tests/support/browser.ts).
 *
 * jsdom is not a browser and is far slower at DOM work, so figures about rendering are taken here.
 *
 * Example:
 * ```ts
 * const harness = await openHarness('users', `window.bench = { load(n) { ... } };`);
 * try {
 *   const ms = await harness.page.evaluate((n) => window.bench.load(n), 10_000);
 * } finally {
 *   await harness.close();
 * }
 * ```
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';

/** How long a bench page may take to become ready (5 min): a readiness bound, never a timing target. */
export const READY_TIMEOUT_MS = 300_000;

/** The project root (where vite.config.ts and the .env files are). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** An open harness page; {@link Harness.close} ends the browser and the server. */
export interface Harness {
  /** The harness page, loaded, with `window.bench` defined. */
  page: Page;
  /** The address the page is served at. */
  url: string;
  /** Requests the page made to any other origin (the benches expect none: no backend). */
  foreignRequests: string[];
  /** Closes the browser and the preview server and removes the temporary build. */
  close(): Promise<void>;
}

/**
 * Builds `source` as the entry module of a page (a `<div id="root">` and the module), serves the
 * production build and opens it in Chromium; resolves once the module has set `window.bench`.
 *
 * @param name short name, used for the temporary directory (node_modules/.tmp/bench-<name>-*,
 *   inside the project so the page's imports resolve; ignored by git).
 * @param source the entry module (TypeScript allowed, `@/` resolves to src/); it must end by
 *   assigning `window.bench`, which the bench then drives with `page.evaluate`.
 * @param options.ready optional expression evaluated in the page after `window.bench` exists;
 *   the harness waits until it is truthy (e.g. a store rehydrated).
 */
export async function openHarness(
  name: string,
  source: string,
  options: { ready?: string } = {},
): Promise<Harness> {
  mkdirSync(join(ROOT, 'node_modules', '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.tmp', `bench-${name}-`));
  const outDir = join(dir, 'dist');
  writeFileSync(join(dir, 'harness.ts'), source);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="./harness.ts"></script></body></html>',
  );
  // Loaded here, not at the top: tests/support pulls in the backend helpers' SDKs.
  const { launchBrowser, closeBrowser } = await import('../../tests/support/browser');
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  const close = async () => {
    await closeBrowser();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  };
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
    const url = server.resolvedUrls?.local[0] ?? '';
    const browser = await launchBrowser({ optimizingCompilers: true });
    const page = await (await browser.newContext({ locale: 'en' })).newPage();
    page.setDefaultTimeout(READY_TIMEOUT_MS);
    const origin = new URL(url).origin;
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) foreignRequests.push(request.url());
    });
    page.on('pageerror', (error) => console.error('  page error:', error.message));
    await page.goto(url);
    // Readiness waits, not timings: generous, so a slow machine gives slow figures, not a failure.
    await page.waitForFunction(() => 'bench' in window, undefined, { timeout: READY_TIMEOUT_MS });
    if (options.ready)
      await page.waitForFunction(options.ready, undefined, { timeout: READY_TIMEOUT_MS });
    return { page, url, foreignRequests, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The page-side helper a harness source can include (as text) to wait for React: resolves after
 * React has committed the update an event caused. React renders discrete events (input, click)
 * synchronously in a microtask, and anything it schedules otherwise goes through a MessageChannel
 * posted before ours.
 */
export const SETTLED_SOURCE = `
function settled() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(undefined);
    channel.port2.postMessage(null);
  });
}
`;

/**
 * In-page, from document start (an init script): `__shownAt(test)` resolves with
 * `performance.now()` at the frame after the DOM predicate `test` first holds, watched with a
 * MutationObserver; `__firstRowAt` is that for the first data row of any table, started with the
 * document (so it counts from the navigation's start). Figures are read from these, not from
 * when Playwright's `waitFor` returns: its polling backs off to one check every 500 ms, which
 * rounded a 0.5 s sign-in up to 1.0 s in some runs.
 */
export const SHOWN_SOURCE = `
window.__shownAt = (test) => new Promise((resolve) => {
  const done = () => requestAnimationFrame(() => resolve(performance.now()));
  if (test()) return done();
  const observer = new MutationObserver(() => {
    if (!test()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
});
window.__firstRowAt = window.__shownAt(
  () => document.querySelector('table tbody tr td:not([colspan])') !== null,
);`;

/**
 * Starts watching the page for `test` (JavaScript source of a boolean expression on the DOM);
 * `pageMs(page, 'window.<name>')` then gives when it first held (SHOWN_SOURCE). The page must
 * have SHOWN_SOURCE as an init script.
 */
export async function watchShown(page: Page, name: string, test: string): Promise<void> {
  // `, undefined`: evaluate would otherwise wait for the promise it assigned.
  await page.evaluate(`window.${name} = window.__shownAt(() => ${test}), undefined`);
}

/** In-page ms value of `expression` (a promise of `SHOWN_SOURCE`'s). */
export const pageMs = async (page: Page, expression: string) =>
  Number(await page.evaluate(expression));

/**
 * The p-th percentile (0-100) of ascending `sorted` by the nearest-rank method: the smallest value
 * with at least p% of the samples at or below it (the ceil(p/100 * n)-th, so p95 of 20 samples is
 * the 19th, not the largest); NaN when empty.
 */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? NaN;
}

/** "p50 x ms, p95 y ms" of `times` (any order), with `digits` decimals (default 1). */
export function stats(times: readonly number[], digits = 1): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(digits)} ms, p95 ${percentile(sorted, 95).toFixed(digits)} ms`;
}

/** A Chromium CPU profile as CDP's `Profiler.stop` returns it (times in microseconds). */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Samples that are not the page's JavaScript or rendering: the main thread was free. */
const IDLE_NODES = new Set(['(idle)', '(program)']);

/**
 * Where the main thread's time went in `profile` from `fromMs` (ms after the profile's start) on:
 * the busy stretches of 50 ms or more (no idle sample between them; what a keystroke can wait
 * behind) with their three heaviest functions, then the 15 heaviest functions overall, by self
 * time. A function is `name file:line` (minified names in a production build; the line and
 * column locate it in the chunk).
 */
export function summarizeProfile(profile: CpuProfile, fromMs = 0): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (id: number) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return '?';
    const file = frame.url.split('/').pop() ?? '';
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  };
  const self = new Map<string, number>();
  const lines: string[] = [];
  let t = 0;
  let stretch: { start: number; end: number; self: Map<string, number> } | undefined;
  const closeStretch = () => {
    if (stretch && stretch.end - stretch.start >= 50) {
      const top = [...stretch.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([fn, ms]) => `${fn} ${ms.toFixed(0)} ms`);
      lines.push(
        `busy ${stretch.start.toFixed(0)}-${stretch.end.toFixed(0)} ms (${(stretch.end - stretch.start).toFixed(0)} ms): ${top.join('; ')}`,
      );
    }
    stretch = undefined;
  };
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    if (t < fromMs) return;
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (IDLE_NODES.has(name)) {
      closeStretch();
      return;
    }
    const fn = label(id);
    self.set(fn, (self.get(fn) ?? 0) + delta);
    stretch ??= { start: t, end: t, self: new Map() };
    stretch.end = t + delta;
    stretch.self.set(fn, (stretch.self.get(fn) ?? 0) + delta);
  });
  closeStretch();
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  lines.push(`busy in all: ${total.toFixed(0)} ms; heaviest functions (self time):`);
  for (const [fn, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    lines.push(`  ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
  return lines;
}
