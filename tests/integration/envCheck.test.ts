/**
 * The production build's configuration check (scripts/envCheck.ts, wired into vite.config.ts):
 * each missing VITE_FIREBASE_* value is named, a local-backend URL is refused, and only
 * production builds that do not use the emulators are checked. No backend needed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REQUIRED_FIREBASE_ENV,
  checkProductionEnv,
  needsProductionEnv,
} from '../../scripts/envCheck';
import { BUILD_TIMEOUT_MS, buildProduction, ROOT } from '../support/productionBuild';

/** A complete production configuration (placeholder values). */
const COMPLETE: Record<string, string> = {
  VITE_FIREBASE_API_KEY: 'AIzaSyDemo',
  VITE_FIREBASE_AUTH_DOMAIN: 'acme.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'acme',
  VITE_FIREBASE_DATABASE_URL: 'https://acme-default-rtdb.asia-southeast1.firebasedatabase.app',
  VITE_FIREBASE_STORAGE_BUCKET: 'acme.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123',
};

describe('checkProductionEnv', () => {
  it('accepts a complete configuration', () => {
    expect(() => checkProductionEnv(COMPLETE)).not.toThrow();
  });

  it('requires exactly the values src/shared/firebase.ts gives the web SDK', () => {
    expect(Object.keys(COMPLETE)).toEqual([...REQUIRED_FIREBASE_ENV]);
  });

  it.each(REQUIRED_FIREBASE_ENV)('names %s when it is missing or blank', (name) => {
    const { [name]: _removed, ...missing } = COMPLETE;
    expect(() => checkProductionEnv(missing)).toThrow(`${name} is missing`);
    expect(() => checkProductionEnv({ ...COMPLETE, [name]: '  ' })).toThrow(`${name} is missing`);
  });

  it('names every missing value at once, and says where to get them', () => {
    let message = '';
    try {
      checkProductionEnv({ VITE_FIREBASE_PROJECT_ID: 'acme' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of REQUIRED_FIREBASE_ENV.filter((n) => n !== 'VITE_FIREBASE_PROJECT_ID')) {
      expect(message).toContain(`- ${name} is missing`);
    }
    expect(message).not.toContain('VITE_FIREBASE_PROJECT_ID');
    expect(message).toContain('.env.production.example');
  });

  it("refuses the local backend's database URL", () => {
    expect(() =>
      checkProductionEnv({
        ...COMPLETE,
        VITE_FIREBASE_DATABASE_URL: 'http://127.0.0.1:9000?ns=demo-tuition-default-rtdb',
      }),
    ).toThrow(/VITE_FIREBASE_DATABASE_URL must be an https:\/\/ URL/);
  });
});

describe('needsProductionEnv', () => {
  it('checks production builds only, and not those for the local backend', () => {
    expect(needsProductionEnv('build', 'production', {})).toBe(true);
    expect(needsProductionEnv('build', 'production', { VITE_USE_EMULATORS: 'true' })).toBe(false);
    expect(needsProductionEnv('build', 'test', {})).toBe(false);
    expect(needsProductionEnv('build', 'development', {})).toBe(false);
    expect(needsProductionEnv('serve', 'production', {})).toBe(false);
  });
});

describe('vite build (vite.config.ts)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'env-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Resolves vite.config.ts as `vite build` does in production mode, with `files` as
   * .env.production (the check runs once the config is resolved, before any bundling); resolves
   * its error, if any.
   */
  async function productionBuild(files: Record<string, string>): Promise<Error | undefined> {
    writeFileSync(
      path.join(dir, '.env.production'),
      Object.entries(files)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n'),
    );
    // Vitest puts .env.test's VITE_* into process.env, and Vite would prefer them to the file.
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) {
      if (key.startsWith('VITE_')) delete process.env[key];
    }
    try {
      await resolveConfig({ root: ROOT, envDir: dir, logLevel: 'silent' }, 'build', 'production');
      return undefined;
    } catch (error) {
      return error as Error;
    } finally {
      Object.assign(process.env, saved);
    }
  }

  it('stops with the names of the missing values', async () => {
    const { VITE_FIREBASE_APP_ID: _a, VITE_FIREBASE_API_KEY: _b, ...partial } = COMPLETE;
    const error = await productionBuild(partial);
    expect(error?.message).toContain('VITE_FIREBASE_API_KEY is missing');
    expect(error?.message).toContain('VITE_FIREBASE_APP_ID is missing');
    expect(error?.message).not.toContain('VITE_FIREBASE_PROJECT_ID');
  });

  it(
    'builds for the local backend without the check',
    async () => {
      expect(await productionBuild({ VITE_USE_EMULATORS: 'true' })).toBeUndefined();
      // And a whole production-mode build for the local backend: the run's, which the browser
      // tests open. Its .env.test values hold an http:// database URL, which the check refuses.
      const local = await buildProduction('local');
      const env = readFileSync(path.join(local.dir, '.env.production'), 'utf8');
      expect(env).toMatch(/^VITE_USE_EMULATORS=true$/m);
      expect(env).toMatch(/^VITE_FIREBASE_DATABASE_URL=http:\/\//m);
      expect(existsSync(path.join(local.dist, 'index.html'))).toBe(true);
    },
    BUILD_TIMEOUT_MS,
  );
});
