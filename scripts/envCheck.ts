/**
 * The production build's configuration check (docs/deploy.md, ".env.production"): a `vite build`
 * in production mode stops with one message naming every missing Firebase value, instead of
 * producing an app that fails at runtime with `auth/invalid-api-key` or talks to no database.
 *
 * Used by vite.config.ts through {@link requireFirebaseEnv}. Builds for the local backend
 * (`VITE_USE_EMULATORS=true`: `npm start`, the tests, the benches' test-mode builds) and builds
 * in other modes are not checked.
 */
import type { Plugin } from 'vite';

/**
 * Every VITE_FIREBASE_* value src/shared/firebase.ts reads into the web SDK's options, all
 * declared as always present in src/vite-env.d.ts. They are the web app's config object of
 * Project settings > Your apps in the Firebase console (`firebaseConfig.apiKey` ->
 * VITE_FIREBASE_API_KEY, ...).
 */
export const REQUIRED_FIREBASE_ENV = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_DATABASE_URL',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
] as const;

/** Where the values come from, for the error message. */
const HINT =
  'Copy .env.production.example to .env.production and fill it from the Firebase console ' +
  '(Project settings > Your apps > SDK setup and configuration > Config); see docs/deploy.md.';

/**
 * Checks the env a production build would embed.
 *
 * @param env the loaded variables (Vite's `config.env` / `loadEnv(mode, envDir)`), name -> value.
 * @throws Error naming, one a line, each value of {@link REQUIRED_FIREBASE_ENV} that is missing
 *   or blank, and a VITE_FIREBASE_DATABASE_URL that is not an https URL (the emulator's
 *   `http://127.0.0.1:9000?ns=…` would ship a build that reaches no database).
 */
export function checkProductionEnv(env: Record<string, unknown>): void {
  const problems: string[] = [];
  for (const name of REQUIRED_FIREBASE_ENV) {
    const value = env[name];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} is missing`);
  }
  const databaseUrl = env.VITE_FIREBASE_DATABASE_URL;
  if (typeof databaseUrl === 'string' && databaseUrl.trim() !== '') {
    if (!/^https:\/\/[^/\s]+/.test(databaseUrl.trim())) {
      problems.push(`VITE_FIREBASE_DATABASE_URL must be an https:// URL, not "${databaseUrl}"`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Production build stopped: Firebase configuration incomplete.\n` +
        problems.map((problem) => `  - ${problem}`).join('\n') +
        `\n${HINT}`,
    );
  }
}

/**
 * True when a build must pass {@link checkProductionEnv}: `vite build` in production mode, not
 * pointed at the local backend.
 */
export function needsProductionEnv(
  command: 'build' | 'serve',
  mode: string,
  env: Record<string, unknown>,
): boolean {
  return command === 'build' && mode === 'production' && env.VITE_USE_EMULATORS !== 'true';
}

/**
 * Vite plugin running {@link checkProductionEnv} once the config (and so the env of the mode,
 * from the configured envDir and process.env) is resolved; the thrown Error ends the build.
 */
export function requireFirebaseEnv(): Plugin {
  return {
    name: 'require-firebase-env',
    configResolved(config) {
      if (needsProductionEnv(config.command, config.mode, config.env)) {
        checkProductionEnv(config.env);
      }
    },
  };
}
