/**
 * Setup file of the browser files that need the backend to themselves (vitest.config.ts
 * E2E_ALONE): each file holds the run's lock (tests/support/backendAlone.ts) from before its
 * first hook to after its last, so that the group's second worker, there for
 * emulators/start.test.ts, runs another of them beside it only when BESIDE allows. Hooks of a
 * setup file run first (beforeAll) and last (afterAll, which Vitest runs in reverse order:
 * `sequence.hooks` 'stack'). The wait counts in the file's time in the slowest-files table.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { holdBackendAlone } from '../support/backendAlone';

/** How long a file may wait for the others: the whole group took under 5 minutes alone. */
const WAIT_MS = 15 * 60_000;

/** The alone files that may all run beside each other (see {@link BESIDE}). */
const TOGETHER = ['accessibility.test.ts', 'hosting.test.ts', 'audit-readable.test.ts'] as const;

/**
 * The alone files (base names) that may run beside each other, both ways. accessibility and
 * hosting read no shared figure: each finds its own records on the screens it checks (its
 * student's and order's cells, or its student searched for), and what they check (axe's rules;
 * CSP and console errors) does not depend on which other records a list shows. audit-readable
 * reads only the rows of its own tag (subjects searched for, audit entries filtered by it), and
 * its subjects, placed after every other one, disturb neither of the two: neither adds a subject
 * through the form and then expects it last. The files that compare counters (orders-public,
 * orders-admin, notifications) or read every text of a screen (spanish) stay alone.
 */
export const BESIDE: Record<string, readonly string[]> = Object.fromEntries(
  TOGETHER.map((name) => [name, TOGETHER.filter((other) => other !== name)]),
);

let release: (() => void) | undefined;

beforeAll(async () => {
  // The worker's current file (Vitest's worker state).
  const name = path.basename(expect.getState().testPath ?? '');
  release = await holdBackendAlone(name, BESIDE[name] ?? [], WAIT_MS);
}, WAIT_MS + 10_000);

afterAll(() => {
  release?.();
  release = undefined;
});
