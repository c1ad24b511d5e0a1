/**
 * A real production build of the app (`vite build --mode production`) for tests that inspect
 * or serve what would be deployed (tests/integration/dist.test.ts, tests/e2e/hosting.test.ts).
 *
 * The build reads placeholder VITE_FIREBASE_* values of a `demo-csp` project from a temporary
 * envDir ({@link PRODUCTION_ENV}, the variables of .env.production.example): the production
 * build refuses to start without them (scripts/envCheck.ts), and they make it talk to the
 * production Firebase hosts, never the emulators. It takes 30-60 s: build once per test file.
 *
 * Example:
 * ```ts
 * let build: ProductionBuild;
 * beforeAll(async () => { build = await buildProduction(); }, 180_000);
 * afterAll(() => build?.remove());
 * ```
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Placeholder production configuration (.env.production.example's variables). */
export const PRODUCTION_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyDemoDemoDemoDemoDemoDemoDemoDemo',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-csp.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-csp',
  VITE_FIREBASE_DATABASE_URL: 'https://demo-csp-default-rtdb.asia-southeast1.firebasedatabase.app',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-csp.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
} as const;

/** A finished build in a temporary directory. */
export interface ProductionBuild {
  /** The temporary directory (holds `.env.production` and `dist/`). */
  dir: string;
  /** `<dir>/dist`, what `firebase deploy` would upload. */
  dist: string;
  /** Deletes the directory. */
  remove(): void;
}

/**
 * Builds the app as `npm run build` does for a deploy, into a new temporary directory.
 *
 * @throws the build's error (type errors are not checked here: `tsc -b` is the typecheck's job)
 */
export async function buildProduction(): Promise<ProductionBuild> {
  const dir = mkdtempSync(path.join(tmpdir(), 'production-build-'));
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
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    Object.assign(process.env, saved);
    if (saved.NODE_ENV === undefined) delete process.env.NODE_ENV;
  }
  return {
    dir,
    dist: path.join(dir, 'dist'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
