/**
 * `npm run create-admin` (scripts/createAdmin.ts) against the local backend: a new admin gets the
 * account, the claim and the record the rules read, and can use the back office through the web
 * SDK after following the link; a second run changes nothing; an existing non-admin is refused
 * (exit code 1 from the command line) unless --promote, which sets record and claim together as
 * httpsSetAdmin does.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { signInWithEmailLink, updatePassword } from 'firebase/auth';
import { get, ref } from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { NotAdminError, backendTarget, createAdmin } from '../../scripts/createAdmin';
import {
  adminApp,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  signedInWebApp,
  signedOutWebApp,
  uniqueEmail,
} from '../support/backend';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP_URL = 'http://localhost:5173';
const created: string[] = [];

afterAll(async () => {
  await Promise.all(created.map((email) => deleteAccountByEmail(email)));
});

/** The users record and the custom claims of `uid`, read with Admin rights. */
async function stored(uid: string) {
  const record = (await getAdminDatabase(adminApp()).ref(`users/${uid}`).get()).val() as Record<
    string,
    unknown
  > | null;
  const user = await getAdminAuth(adminApp()).getUser(uid);
  return { record, claims: user.customClaims ?? {}, tokensValidAfter: user.tokensValidAfterTime };
}

describe('createAdmin', () => {
  it('creates the account, claim and record; the link signs the admin in to set a password', async () => {
    const email = uniqueEmail('first-admin');
    created.push(email);
    const result = await createAdmin(adminApp(), { email, name: 'First Admin', appUrl: APP_URL });

    expect(result.status).toBe('created');
    const user = await getAdminAuth(adminApp()).getUser(result.uid);
    expect(user.email).toBe(email);
    expect(user.emailVerified).toBe(false);
    expect(user.passwordHash).toBeUndefined();
    const { record, claims } = await stored(result.uid);
    expect(claims).toEqual({ admin: true, staff: true });
    expect(record).toEqual({
      id: result.uid,
      name: 'First Admin',
      email,
      location: '',
      createdAt: expect.any(Number) as number,
      isAdmin: true,
    });
    const continueUrl = new URL(result.signInLink).searchParams.get('continueUrl');
    expect(continueUrl).toBe(`${APP_URL}/login?email=${encodeURIComponent(email)}`);

    // What the login page does with the link (authSlice setPasswordWithLink), then an admin-only
    // read: the rules see the record, the token carries the claim.
    const web = await signedOutWebApp();
    try {
      const { user: signedIn } = await signInWithEmailLink(web.auth, email, result.signInLink);
      await updatePassword(signedIn, 'first-pass-123');
      expect((await signedIn.getIdTokenResult()).claims.admin).toBe(true);
    } finally {
      await web.close();
    }
    const admin = await signedInWebApp(email, 'first-pass-123');
    try {
      await expect(get(ref(admin.database, 'users'))).resolves.toBeDefined();
    } finally {
      await admin.close();
    }
  });

  it('changes nothing when run again for the same admin, and says so', async () => {
    const email = uniqueEmail('again-admin');
    created.push(email);
    const first = await createAdmin(adminApp(), { email, name: 'Again', appUrl: APP_URL });
    const before = await stored(first.uid);

    const second = await createAdmin(adminApp(), { email, name: 'Other Name', appUrl: APP_URL });

    expect(second).toMatchObject({ status: 'unchanged', uid: first.uid });
    expect(await stored(first.uid)).toEqual(before);
    expect(second.signInLink).not.toBe(first.signInLink);
  });

  it('refuses an existing non-admin without --promote and writes nothing', async () => {
    const staff = await createAccount({ email: uniqueEmail('staff'), isAdmin: false });
    try {
      const before = await stored(staff.uid);
      await expect(
        createAdmin(adminApp(), { email: staff.email, name: 'Staff', appUrl: APP_URL }),
      ).rejects.toBeInstanceOf(NotAdminError);
      expect(await stored(staff.uid)).toEqual(before);
    } finally {
      await deleteAccount(staff.uid);
    }
  });

  it('refuses from the command line with exit code 1 and a message naming --promote', async () => {
    const staff = await createAccount({ email: uniqueEmail('staff-cli'), isAdmin: false });
    try {
      // The emulator variables come from emulators/start.ts --exec (or npm run emulators).
      const run = spawnSync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
          path.join(ROOT, 'scripts/createAdmin.ts'),
          '--email',
          staff.email,
          '--name',
          'Staff',
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('not an admin');
      expect(run.stderr).toContain('--promote');
      expect((await stored(staff.uid)).record?.isAdmin).toBe(false);
    } finally {
      await deleteAccount(staff.uid);
    }
  });

  it('requires --url in production, before any request (exit code 2)', () => {
    const env = { ...process.env };
    delete env.FIREBASE_AUTH_EMULATOR_HOST;
    delete env.FIREBASE_DATABASE_EMULATOR_HOST;
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        path.join(ROOT, 'scripts/createAdmin.ts'),
        '--email',
        'boss@agency.test',
        '--name',
        'Boss',
        '--project',
        'no-such-project',
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--url is required in production');
  });

  it('promotes an existing non-admin with --promote: record, claim, revoked tokens', async () => {
    const staff = await createAccount({
      email: uniqueEmail('promoted'),
      isAdmin: false,
      record: { name: 'Kept Name', location: 'Kept Place' },
      claims: { note: 'kept' },
    });
    try {
      const before = await stored(staff.uid);
      // In a later second: tokensValidAfterTime has a resolution of one second.
      const validAfter = before.tokensValidAfter
        ? Math.floor(Date.parse(before.tokensValidAfter) / 1000)
        : 0;
      await expect
        .poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000, interval: 50 })
        .toBeGreaterThan(validAfter);

      const result = await createAdmin(adminApp(), {
        email: staff.email,
        name: 'Ignored',
        promote: true,
        appUrl: APP_URL,
      });

      expect(result).toMatchObject({ status: 'promoted', uid: staff.uid });
      const after = await stored(staff.uid);
      expect(after.record).toEqual({ ...before.record, isAdmin: true });
      expect(after.claims).toEqual({ note: 'kept', staff: true, admin: true });
      expect(after.tokensValidAfter).not.toBe(before.tokensValidAfter);
      const again = await createAdmin(adminApp(), {
        email: staff.email,
        name: 'Ignored',
        promote: true,
        appUrl: APP_URL,
      });
      expect(again.status).toBe('unchanged');
    } finally {
      await deleteAccount(staff.uid);
    }
  });

  it('adds the claim to an admin record that lacks it (repaired)', async () => {
    const half = await createAccount({ email: uniqueEmail('half'), isAdmin: false });
    try {
      await getAdminDatabase(adminApp()).ref(`users/${half.uid}/isAdmin`).set(true);
      const result = await createAdmin(adminApp(), {
        email: half.email,
        name: 'Half',
        appUrl: APP_URL,
      });
      expect(result.status).toBe('repaired');
      expect((await stored(half.uid)).claims).toEqual({ staff: true, admin: true });
    } finally {
      await deleteAccount(half.uid);
    }
  });

  it('refuses bad input before touching the backend', async () => {
    const email = uniqueEmail('never');
    await expect(createAdmin(adminApp(), { email, name: ' ', appUrl: APP_URL })).rejects.toThrow(
      /name/,
    );
    await expect(createAdmin(adminApp(), { email, name: 'N', appUrl: 'ftp://x' })).rejects.toThrow(
      /http or https/,
    );
    await expect(getAdminAuth(adminApp()).getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });
});

describe('backendTarget', () => {
  it('uses the emulators only when both emulator variables are set', () => {
    const both = { FIREBASE_AUTH_EMULATOR_HOST: 'h:1', FIREBASE_DATABASE_EMULATOR_HOST: 'h:2' };
    expect(backendTarget(both, {}, {})).toMatchObject({ local: true, projectId: 'demo-tuition' });
    expect(() => backendTarget({ FIREBASE_AUTH_EMULATOR_HOST: 'h:1' }, {}, {})).toThrow(
      /both FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST/,
    );
  });

  it("asks only for the emulator variables of the services a command uses (rebuild-derived: the Database's)", () => {
    const database = { FIREBASE_DATABASE_EMULATOR_HOST: 'h:2' };
    expect(backendTarget(database, {}, {}, ['database'])).toMatchObject({ local: true });
    expect(() => backendTarget(database, {}, {})).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(backendTarget({}, { project: 'p' }, {}, ['database'])).toMatchObject({ local: false });
  });

  it('takes production project and database URL from .env.production, flags first', () => {
    const envProduction = {
      VITE_FIREBASE_PROJECT_ID: 'acme-tuition',
      VITE_FIREBASE_DATABASE_URL:
        'https://acme-tuition-default-rtdb.asia-southeast1.firebasedatabase.app',
    };
    expect(backendTarget({}, {}, envProduction)).toEqual({
      local: false,
      projectId: 'acme-tuition',
      databaseURL: envProduction.VITE_FIREBASE_DATABASE_URL,
    });
    expect(backendTarget({}, { project: 'other' }, {})).toEqual({
      local: false,
      projectId: 'other',
      databaseURL: 'https://other-default-rtdb.firebaseio.com',
    });
    expect(() => backendTarget({}, {}, {})).toThrow(/No project/);
  });
});
