/**
 * The Cloud Functions region as configuration (docs/deploy.md, "Functions region"): the functions
 * deploy to the FUNCTIONS_REGION parameter (functions/src/options.ts, default us-central1) and the
 * app calls VITE_FIREBASE_FUNCTIONS_REGION (src/shared/firebase.ts, same default).
 *
 * The functions side runs the built codebase (functions/lib, which emulators/start.ts builds) in
 * a second Functions emulator, of a `demo-region` project whose `functions/.env.demo-region` says
 * asia-southeast1, on free ports beside the shared backend: the callable answers in that region
 * and nowhere else. The shared backend itself shows the default (every other function test calls
 * us-central1).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type FunctionsError,
} from 'firebase/functions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FirebaseToolsProcess } from '../../emulators/firebase-tools';
import { startSideEmulator } from '../support/sideEmulator';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
const PROJECT = 'demo-region';

describe('app: getFunctions region from VITE_FIREBASE_FUNCTIONS_REGION', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is us-central1 when unset (.env.test)', async () => {
    const { functions } = await import('@/shared/firebase');
    expect((await functions()).region).toBe('us-central1');
  });

  it('follows VITE_FIREBASE_FUNCTIONS_REGION', async () => {
    vi.stubEnv('VITE_FIREBASE_FUNCTIONS_REGION', 'asia-southeast1');
    vi.resetModules();
    const { functions } = await import('@/shared/firebase');
    expect((await functions()).region).toBe('asia-southeast1');
  });
});

describe('functions: deployed to the FUNCTIONS_REGION parameter', () => {
  let dir = '';
  let firebaseTools: FirebaseToolsProcess | undefined;
  let port = 0;
  let log: readonly string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'functions-region-'));
    // A project directory whose functions/ is the built codebase, plus the region parameter.
    const functionsDir = path.join(dir, 'functions');
    mkdirSync(functionsDir);
    copyFileSync(
      path.join(ROOT, 'functions/package.json'),
      path.join(functionsDir, 'package.json'),
    );
    symlinkSync(path.join(ROOT, 'functions/lib'), path.join(functionsDir, 'lib'));
    symlinkSync(path.join(ROOT, 'functions/node_modules'), path.join(functionsDir, 'node_modules'));
    writeFileSync(path.join(functionsDir, `.env.${PROJECT}`), 'FUNCTIONS_REGION=asia-southeast1\n');
    const functionsEmulator = await startSideEmulator({
      dir,
      projectId: PROJECT,
      service: 'functions',
      config: { functions: [{ source: 'functions', codebase: 'default', runtime: 'nodejs22' }] },
      readyTimeoutMs: 90_000,
    });
    firebaseTools = functionsEmulator.process;
    port = functionsEmulator.port;
    log = functionsEmulator.log;
  }, 120_000);

  afterAll(async () => {
    await firebaseTools?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Calls httpsCreateUser signed out through the web SDK in `region`; resolves the error code. */
  async function callSignedOut(region: string): Promise<string> {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-key' }, `region-${region}`);
    try {
      const functions = getFunctions(app, region);
      connectFunctionsEmulator(functions, HOST, port);
      await httpsCallable(
        functions,
        'httpsCreateUser',
      )({ email: 'x@tuition.test', isAdmin: false });
      return 'ok';
    } catch (error) {
      return (error as FunctionsError).code;
    } finally {
      await deleteApp(app);
    }
  }

  it('loads every function in asia-southeast1', () => {
    const loaded = log
      // eslint-disable-next-line no-control-regex -- firebase-tools colours its lines
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''))
      .filter((line) => /http function initialized/.test(line))
      .join('\n');
    for (const name of ['httpsCreateUser', 'httpsSetAdmin', 'httpsDeleteUser']) {
      expect(loaded).toContain(`/${PROJECT}/asia-southeast1/${name}`);
    }
    expect(loaded).not.toContain('us-central1');
  });

  it('answers in asia-southeast1 (the function runs: signed out is refused)', async () => {
    expect(await callSignedOut('asia-southeast1')).toBe('functions/unauthenticated');
  });

  it('does not answer in the default region', async () => {
    expect(await callSignedOut('us-central1')).toBe('functions/not-found');
  });
});
