/**
 * Production builds of the app (`vite build` in production mode, minified, with vite.config.ts),
 * each built at most once per Vitest run and shared by every test file that needs it:
 *
 * - `'production'`: placeholder VITE_FIREBASE_* values of a `demo-csp` project
 *   ({@link PRODUCTION_ENV}, the variables of .env.production.example), so it talks to the
 *   production Firebase hosts, never the emulators: what `npm run deploy` would upload
 *   (tests/integration/dist.test.ts reads it, tests/e2e/hosting.test.ts serves it).
 * - `'local'`: .env.test's values (`VITE_USE_EMULATORS=true`), so it talks to the local backend:
 *   the app every browser test opens (tests/setup/app.ts serves it at APP_URL), and the proof that
 *   a production-mode build for the local backend skips the configuration check
 *   (tests/integration/envCheck.test.ts).
 *
 * A build takes a while (docs/performance.md, "The test run"). Within a run,
 * tests/setup/builds.ts gives every worker one directory (TEST_BUILDS_DIR): the first caller of a
 * kind builds it there, in a child process, and the others wait for its result file; the
 * directory goes when the run ends. Without it (a script calling this outside Vitest) each call
 * builds into a temporary directory of its own.
 *
 * Example:
 * ```ts
 * let build: ProductionBuild;
 * beforeAll(async () => { build = await buildProduction(); }, BUILD_TIMEOUT_MS);
 * afterAll(() => build?.remove());
 * ```
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/**
 * How long a caller waits for a build (its own or another worker's): 5 minutes, a bound for a
 * loaded 2-core machine, never a timing target. Use it as the hook's timeout.
 */
export const BUILD_TIMEOUT_MS = 300_000;

/** Which configuration a build embeds (see the module comment). */
export type BuildKind = 'production' | 'local';

/** A finished build. */
export interface ProductionBuild {
  kind: BuildKind;
  /** The build's directory (holds `.env.production`, the envDir of the build, and `dist/`). */
  dir: string;
  /** `<dir>/dist`, what `firebase deploy` would upload. */
  dist: string;
  /**
   * Deletes the directory of a build made for this call alone; a build shared by the run is left
   * to the run's end (tests/setup/builds.ts).
   */
  remove(): void;
}

/** The variable tests/setup/builds.ts sets to the run's build directory. */
export const BUILDS_DIR_VARIABLE = 'TEST_BUILDS_DIR';

/** The `.env.production` of a build of `kind`. */
function envFile(kind: BuildKind): string {
  if (kind === 'local') return readFileSync(path.join(ROOT, '.env.test'), 'utf8');
  return Object.entries(PRODUCTION_ENV)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/**
 * Runs `vite build` in a child process (Vite's JavaScript API, to give it an envDir): in this
 * process NODE_ENV is 'test', which would bundle React's development build, and process.env
 * holds .env.test's VITE_* values, which Vite prefers to any env file.
 *
 * @throws Error with the build's output when it fails
 */
async function runBuild(kind: BuildKind, dir: string): Promise<void> {
  writeFileSync(path.join(dir, '.env.production'), envFile(kind));
  const options = {
    root: ROOT,
    mode: 'production',
    envDir: dir,
    logLevel: 'error',
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  };
  const script = `import { build } from 'vite'; await build(${JSON.stringify(options)});`;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
  );
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build (${kind}) exited with ${code}:\n${output.join('')}`);
}

/** What the builder of a shared build writes once it is done. */
interface BuildResult {
  error?: string;
}

/** Waits, polling, for the result file of a build another worker makes. */
async function waitForResult(file: string, kind: BuildKind): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) {
      throw new Error(`the ${kind} build of this run did not finish within ${BUILD_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const result = JSON.parse(readFileSync(file, 'utf8')) as BuildResult;
  if (result.error) throw new Error(result.error);
}

/** This process's builds of the run, by kind. */
const shared = new Map<BuildKind, Promise<ProductionBuild>>();

/** Builds `kind` in the run's directory, or waits for the worker that took it first. */
async function sharedBuild(kind: BuildKind, runDir: string): Promise<ProductionBuild> {
  const dir = path.join(runDir, kind);
  const resultFile = path.join(runDir, `${kind}.json`);
  let mine = true;
  try {
    mkdirSync(dir); // atomic: exactly one process of the run gets it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    mine = false;
  }
  if (mine) {
    let result: BuildResult = {};
    try {
      await runBuild(kind, dir);
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    writeFileSync(resultFile, JSON.stringify(result));
  }
  await waitForResult(resultFile, kind);
  return { kind, dir, dist: path.join(dir, 'dist'), remove: () => undefined };
}

/**
 * A production build of `kind` (default `'production'`, what a deploy uploads): the run's shared
 * one, built on the first call.
 *
 * @throws the build's error (type errors are not checked here: `tsc -b` is the typecheck's job),
 *   or an Error when another worker's build does not finish within {@link BUILD_TIMEOUT_MS}
 */
export function buildProduction(kind: BuildKind = 'production'): Promise<ProductionBuild> {
  const runDir = process.env[BUILDS_DIR_VARIABLE];
  if (runDir) {
    let build = shared.get(kind);
    if (!build) {
      build = sharedBuild(kind, runDir);
      shared.set(kind, build);
    }
    return build;
  }
  return ownBuild(kind);
}

/** A build into a new temporary directory, removed by its `remove()`. */
async function ownBuild(kind: BuildKind): Promise<ProductionBuild> {
  const dir = mkdtempSync(path.join(tmpdir(), `${kind}-build-`));
  try {
    await runBuild(kind, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    dir,
    dist: path.join(dir, 'dist'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
