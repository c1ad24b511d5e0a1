/**
 * Vitest global setup of the whole run (vitest.config.ts): one directory for the production
 * builds the run's test files share (tests/support/productionBuild.ts), named to every worker by
 * TEST_BUILDS_DIR, and deleted when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILDS_DIR_VARIABLE } from '../support/productionBuild';

export default function setup(): () => void {
  if (process.env[BUILDS_DIR_VARIABLE]) return () => undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'test-builds-'));
  process.env[BUILDS_DIR_VARIABLE] = dir;
  return () => {
    delete process.env[BUILDS_DIR_VARIABLE];
    rmSync(dir, { recursive: true, force: true });
  };
}
