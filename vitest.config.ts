import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import FirstProjectsSequencer from './tests/setup/sequencer.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * Browser test files that need the backend to themselves, run one at a time after the others:
 * each checks what no concurrent file may change (the dashboard's counters and queues in
 * orders-public and orders-admin, the bell's counts in notifications) or reads every screen with
 * its own data on the first page of each list (spanish: no English text, where another file's
 * English data would count; accessibility: axe, on the demo records spanish writes too; hosting:
 * no console error on any screen, beside its own Hosting emulator: in the pool, a student's page
 * did not show its tabs within 30 s once in a full run, while it passed in the pool on its own);
 * audit-readable puts its subjects after every other one, which would make another file's newest
 * subject no longer the last. Every other e2e file makes and reads only its own records, and runs
 * in two workers. They run one at a time (a lock, tests/setup/alone.ts; accessibility, hosting and
 * audit-readable beside each other, as they disturb each other in nothing they check) in a group
 * of two workers whose other worker runs EMULATORS_ALONE first.
 */
const E2E_ALONE = [
  // In this order (tests/setup/sequencer.ts): the first four run one after another, the first
  // beside EMULATORS_ALONE; the last three may run beside each other (tests/setup/alone.ts), on
  // both workers: hosting and then audit-readable beside accessibility, the longest.
  'tests/e2e/spanish.test.ts',
  'tests/e2e/orders-public.test.ts',
  'tests/e2e/orders-admin.test.ts',
  'tests/e2e/notifications.test.ts',
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/hosting.test.ts',
  'tests/e2e/audit-readable.test.ts',
];

/**
 * Emulator files that start whole backends of their own (each in its own network namespace, with
 * its own ports and data): emulators/start.test.ts, mostly spent waiting on firebase-tools
 * starting, twice per case. They run beside the alone browser files, whose group left one of the
 * 2 cores mostly idle, instead of making the first group longer (docs/performance.md).
 */
const EMULATORS_ALONE = ['emulators/start.test.ts'];

/**
 * Integration files that need the backend to themselves, run alone after every other file: they
 * compare the shared counters under `stats/` before and after their own writes, which any
 * concurrent file writing people or orders would move too.
 */
const INTEGRATION_ALONE = ['tests/integration/stats.test.ts'];

/**
 * expect.poll's deadline where a test waits for the backend or the browser (default 1 s): with
 * the 2 cores shared by workers, Chromium and the backend, a screen can take longer to show.
 */
const POLL = { poll: { timeout: 10_000 } };

/**
 * `isolate` of the projects whose files talk to the backend: false, so that a worker imports the
 * SDKs, playwright-core and the test support once for all its files (importing them again for
 * every file cost ~280 s of the run). Their files share state through modules only by design (the
 * Admin SDK app, the browser, the app's build: tests/support/), and each makes its own records.
 */
const SHARED_MODULES = false;

/** Production builds shared by the run's files (tests/support/productionBuild.ts). */
const BUILDS_SETUP = 'tests/setup/builds.ts';
/** The app the browser tests open: the run's local build, served (tests/setup/app.ts). */
const APP_SETUP = 'tests/setup/app.ts';

/**
 * Test projects, run in three groups one after the other (`sequence.groupOrder`):
 *
 * 0. In 3 workers (`maxWorkers`; on 2 cores most of these files wait for a server or the
 *    backend):
 *    - unit: components and what needs a DOM, in jsdom; no backend.
 *    - unit-node: pure functions, slices and validators (`src/**\/*.test.ts`: Node has `File`;
 *      the persisted store's tests keep it in memory, as jsdom has no IndexedDB either) in
 *      Node, without jsdom's start-up per file.
 *    - emulators: the local Database and Storage servers, each test file starting its own server
 *      on a free port.
 *    - tooling: the project's own configuration (lint boundaries), no backend.
 *    - integration: rules matrices and the Cloud Function through the real SDKs against the one
 *      local backend that `npm test` starts (emulators/start.ts --exec); the production build's
 *      contents.
 * 1. e2e: Chromium (playwright-core) against a production build of the app for the same backend
 *    (tests/setup/app.ts), in 2 workers.
 * 2. In 2 workers: e2e-alone, the browser files of E2E_ALONE, one at a time but for the pairs
 *    tests/setup/alone.ts allows (a lock), in the list's order; beside them emulators-alone, the
 *    files of EMULATORS_ALONE, started first in the group (tests/setup/sequencer.ts).
 * 3. integration-alone: the integration files of INTEGRATION_ALONE, one at a time.
 *
 * The production builds start in the background when the run starts (tests/setup/app.ts) or on
 * first use (tests/support/productionBuild.ts). A reporter lists the 15 slowest files at the end.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 3,
    sequence: { sequencer: FirstProjectsSequencer },
    reporters: ['default', './tests/setup/slowestFiles.ts'],
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup/jsdom.ts'],
          // A worker keeps React, Testing Library, jsdom and the app's modules for its next file
          // instead of importing them again (the project's CPU 109 s -> 49 s). The files share no
          // state through modules: module mocks stay in their file, timers and stubbed globals
          // are restored after each test, and the setup file unmounts what each test rendered.
          isolate: false,
          // A component test that renders a whole page takes seconds when the 2 cores are shared
          // with the other workers and the backend.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-node',
          environment: 'node',
          globals: true,
          include: ['src/**/*.test.ts'],
          // These files share no state through modules (no module mocks; fake timers restored), so
          // a worker keeps the modules it imported for the next file instead of importing zod, the
          // domain and the slices again for each of them: half the project's wall time.
          isolate: false,
          // The property tests (hundreds of random steps, each compared in full) take 2-3 s of
          // CPU alone, and several times that while the other workers and the backend share the
          // 2 cores.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulators',
          environment: 'node',
          include: ['emulators/**/*.test.ts'],
          exclude: EMULATORS_ALONE,
          // A worker keeps the SDKs and the servers' modules for its next file (the project's CPU
          // 117 s -> 87-93 s): each file starts its own server on a free port and sets the
          // emulator host variables before it makes its SDK apps.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulators-alone',
          environment: 'node',
          include: EMULATORS_ALONE,
          // A group's projects share its number of workers (Vitest requires it).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/tooling/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          expect: POLL,
          include: ['tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_ALONE,
          globalSetup: [BUILDS_SETUP],
          isolate: SHARED_MODULES,
          // Arranging records and reading what the server derives from them waits for the
          // triggers (triggersSettled), whose queue is shared with the other files' writes; a
          // function's first event starts its worker process.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          expect: POLL,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: E2E_ALONE,
          globalSetup: [BUILDS_SETUP, APP_SETUP],
          // Two: with three, the run kept the 2 CPUs 99% busy and finished no sooner (988 s).
          maxWorkers: 2,
          isolate: SHARED_MODULES,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-alone',
          environment: 'node',
          expect: POLL,
          include: INTEGRATION_ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e-alone',
          environment: 'node',
          expect: POLL,
          include: E2E_ALONE,
          globalSetup: [BUILDS_SETUP, APP_SETUP],
          setupFiles: ['tests/setup/alone.ts'],
          // One for these files (the lock), one for EMULATORS_ALONE.
          maxWorkers: 2,
          isolate: SHARED_MODULES,
          sequence: { groupOrder: 2 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
