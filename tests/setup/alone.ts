/**
 * Setup file of the browser files that need the backend to themselves (vitest.config.ts
 * E2E_ALONE): each file holds the run's lock (tests/support/backendAlone.ts) from before its
 * first hook to after its last, so that the group's second worker, there for
 * emulators/start.test.ts, never runs two of them at once. Hooks of a setup file run first
 * (beforeAll) and last (afterAll, which Vitest runs in reverse order: `sequence.hooks` 'stack').
 * The wait counts in the file's time in the slowest-files table.
 */
import { afterAll, beforeAll } from 'vitest';
import { holdBackendAlone } from '../support/backendAlone';

/** How long a file may wait for the others: the whole group took under 5 minutes alone. */
const WAIT_MS = 15 * 60_000;

let release: (() => void) | undefined;

beforeAll(async () => {
  release = await holdBackendAlone(WAIT_MS);
}, WAIT_MS + 10_000);

afterAll(() => {
  release?.();
  release = undefined;
});
