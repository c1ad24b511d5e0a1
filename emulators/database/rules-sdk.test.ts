/**
 * Security rules through the real SDKs: mock ID tokens (web SDK `mockUserToken`), the admin
 * credential `owner`, firebase-admin's auth override, cascade, validation, multi-path updates,
 * refused and cancelled listens, and reloading the rules file.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onLog } from 'firebase/app';
import {
  get,
  limitToFirst,
  onDisconnect,
  onValue,
  orderByChild,
  query,
  ref,
  runTransaction,
  set,
  update,
  type Query,
} from 'firebase/database';
import admin from 'firebase-admin';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';

const isAdmin =
  "auth != null && root.child('users').child(auth.uid).child('isAdmin').val() === true";
const RULES = {
  rules: {
    '.read': false,
    '.write': false,
    users: {
      '.read': isAdmin,
      '.write': isAdmin,
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': 'auth != null && auth.uid === $uid',
        '.validate': "newData.hasChildren(['name'])",
        name: { '.validate': 'newData.isString() && newData.val().length > 0' },
        isAdmin: { '.write': false, '.validate': 'newData.isBoolean()' },
        age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
      },
    },
    posts: {
      '.indexOn': ['createdAt'],
      '.read': 'auth != null',
      $id: {
        '.write': "auth != null && (!data.exists() || data.child('owner').val() === auth.uid)",
        '.validate':
          "newData.child('owner').val() === auth.uid && newData.child('createdAt').val() <= now",
        title: { '.validate': 'newData.val().matches(/^[A-Za-z ]+$/)' },
        $other: { '.validate': "$other === 'owner' || $other === 'createdAt'" },
      },
    },
    byEmail: { '.read': "auth.token.email.endsWith('@school.test')" },
    counter: {
      '.read': 'auth != null',
      '.write': 'auth != null',
      '.validate': 'newData.isNumber()',
    },
  },
};

let emu: DatabaseEmulator & { rulesPath: string };
let adminApp: admin.app.App;
let restricted: admin.app.App;

beforeAll(async () => {
  emu = await startTestServer(RULES);
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  adminApp = admin.initializeApp(
    { projectId: 'demo-test', databaseURL: 'https://demo-test.firebaseio.com' },
    'admin-rules',
  );
  restricted = admin.initializeApp(
    {
      projectId: 'demo-test',
      databaseURL: 'https://demo-test.firebaseio.com',
      databaseAuthVariableOverride: { uid: 'bob' },
    },
    'admin-restricted',
  );
  // The web SDK also honours FIREBASE_DATABASE_EMULATOR_HOST (as the `owner` admin), so create
  // the admin database instances and remove the variable before any web client exists.
  adminApp.database();
  restricted.database();
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await adminApp
    .database()
    .ref('users')
    .set({ alice: { name: 'Alice', isAdmin: true }, bob: { name: 'Bob' } });
});

afterAll(async () => {
  await adminApp.delete();
  await restricted.delete();
  await deleteClients();
  await emu.stop();
});

async function denied(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code?: string; message: string }).code ?? (err as Error).message;
  }
  return 'allowed';
}

describe('reads', () => {
  it('admin user reads everything under users; a normal user only their own node', async () => {
    const alice = webClient(emu, { uid: 'alice' });
    const bob = webClient(emu, { uid: 'bob' });
    const anon = webClient(emu);
    expect(Object.keys((await get(ref(alice, 'users'))).val() as object)).toEqual(['alice', 'bob']);
    expect((await get(ref(bob, 'users/bob/name'))).val()).toBe('Bob');
    expect(await denied(get(ref(bob, 'users')))).toMatch(/Permission denied/);
    expect(await denied(get(ref(bob, 'users/alice')))).toMatch(/Permission denied/);
    expect(await denied(get(ref(anon, 'users/bob')))).toMatch(/Permission denied/);
  });

  it('auth.token claims are available (email)', async () => {
    const teacher = webClient(emu, { uid: 't1', claims: { email: 't1@school.test' } });
    const outsider = webClient(emu, { uid: 'o1', claims: { email: 'o1@gmail.test' } });
    expect((await get(ref(teacher, 'byEmail'))).val()).toBeNull();
    expect(await denied(get(ref(outsider, 'byEmail')))).toMatch(/Permission denied/);
  });

  it('a listen that is not readable is refused with permission_denied', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    const err = await new Promise<Error>((resolve) => {
      onValue(ref(bob, 'users/alice'), () => {}, resolve);
    });
    expect((err as Error & { code?: string }).code).toBe('PERMISSION_DENIED');
    expect(err.message).toMatch(/permission_denied at \/users\/alice/);
  });
});

describe('indexes', () => {
  it('warns, as production does, when a query orders by a child .indexOn does not declare', async () => {
    const warnings: string[] = [];
    onLog((entry) => warnings.push(entry.message), { level: 'warn' });
    try {
      const bob = webClient(emu, { uid: 'bob' });
      const indexed = await get(
        query(ref(bob, 'posts'), orderByChild('createdAt'), limitToFirst(1)),
      );
      expect(indexed.exists()).toBe(false);
      const once = (q: Query): Promise<unknown> =>
        new Promise((resolve) => {
          const off = onValue(q, (snap) => {
            off();
            resolve(snap.val());
          });
        });
      await once(query(ref(bob, 'posts'), orderByChild('createdAt'), limitToFirst(1)));
      expect(warnings.filter((w) => /unspecified index/.test(w))).toEqual([]);
      // The data is still served; only the warning tells the developer to add the index.
      await once(query(ref(bob, 'posts'), orderByChild('title'), limitToFirst(1)));
      await waitFor(() => warnings.some((w) => /unspecified index/.test(w)), 'no_index warning');
      expect(warnings.find((w) => /unspecified index/.test(w))).toMatch(
        /Consider adding "\.indexOn": "title" at \/posts/,
      );
    } finally {
      onLog(null);
    }
  });
});

describe('writes', () => {
  it('allows own writes, denies others, and leaves data unchanged on denial', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    await set(ref(bob, 'users/bob'), { name: 'Bobby', age: 30 });
    expect(await denied(set(ref(bob, 'users/alice/name'), 'hacked'))).toBe('PERMISSION_DENIED');
    // `.write: false` on isAdmin cannot revoke the grant from $uid (cascade), but validation runs.
    expect(await denied(set(ref(bob, 'users/bob/isAdmin'), 'yes'))).toBe('PERMISSION_DENIED');
    expect(await denied(set(ref(bob, 'users/bob/isAdmin'), false))).toBe('allowed');
    await set(ref(bob, 'users/bob/isAdmin'), null);
    const users = (await adminApp.database().ref('users').once('value')).val();
    expect(users).toEqual({
      alice: { name: 'Alice', isAdmin: true },
      bob: { name: 'Bobby', age: 30 },
    });
  });

  it('validation failures are permission_denied (types, required children, regex, $other)', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    expect(await denied(set(ref(bob, 'users/bob'), { age: 3 }))).toBe('PERMISSION_DENIED');
    expect(await denied(set(ref(bob, 'users/bob/age'), -1))).toBe('PERMISSION_DENIED');
    expect(await denied(set(ref(bob, 'users/bob/name'), ''))).toBe('PERMISSION_DENIED');
    const post = { owner: 'bob', createdAt: Date.now() - 10, title: 'Hello world' };
    await set(ref(bob, 'posts/p1'), post);
    expect(await denied(set(ref(bob, 'posts/p2'), { ...post, title: 'Bad!' }))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await denied(set(ref(bob, 'posts/p3'), { ...post, extra: 1 }))).toBe(
      'PERMISSION_DENIED',
    );
    expect(
      await denied(set(ref(bob, 'posts/p4'), { ...post, createdAt: Date.now() + 60_000 })),
    ).toBe('PERMISSION_DENIED');
    expect(await denied(set(ref(bob, 'posts/p5'), { ...post, owner: 'alice' }))).toBe(
      'PERMISSION_DENIED',
    );
    const carol = webClient(emu, { uid: 'carol' });
    expect(await denied(set(ref(carol, 'posts/p1/title'), 'Mine now'))).toBe('PERMISSION_DENIED');
    expect((await get(ref(bob, 'posts/p1/title'))).val()).toBe('Hello world');
  });

  it('a multi-path update with one denied path changes nothing', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    const result = await denied(
      update(ref(bob), { 'users/bob/name': 'Changed', 'users/alice/name': 'Nope' }),
    );
    expect(result).toBe('PERMISSION_DENIED');
    expect((await adminApp.database().ref('users/bob/name').once('value')).val()).toBe('Bobby');
    // The same update without the denied path succeeds (each path judged at its own location).
    await update(ref(bob), { 'users/bob/name': 'Changed', 'users/bob/age': 31 });
    expect((await adminApp.database().ref('users/bob').once('value')).val()).toEqual({
      name: 'Changed',
      age: 31,
    });
  });

  it('denied transactions and onDisconnect ops are refused', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    const anon = webClient(emu);
    expect(await denied(runTransaction(ref(bob, 'users/alice/name'), () => 'x'))).toMatch(
      /permission_denied/i,
    );
    expect(await denied(onDisconnect(ref(anon, 'counter')).set(1))).toBe('PERMISSION_DENIED');
    await Promise.all(
      [1, 2, 3].map(() => runTransaction(ref(bob, 'counter'), (v: number | null) => (v ?? 0) + 1)),
    );
    expect((await get(ref(bob, 'counter'))).val()).toBe(3);
    expect(await denied(runTransaction(ref(bob, 'counter'), () => 'not a number'))).toMatch(
      /permission_denied/i,
    );
  });
});

describe('admin credentials', () => {
  it('owner bypasses rules; databaseAuthVariableOverride is judged as that user', async () => {
    await adminApp.database().ref('anywhere/x').set(1);
    expect((await adminApp.database().ref('anywhere/x').once('value')).val()).toBe(1);
    expect((await restricted.database().ref('users/bob/name').once('value')).val()).toBe('Changed');
    expect(await denied(restricted.database().ref('users/alice/name').set('x'))).toMatch(
      /PERMISSION_DENIED/i,
    );
  });
});

describe('rules reload', () => {
  it('reloads the file when it changes and cancels listens that became unreadable', async () => {
    const bob = webClient(emu, { uid: 'bob' });
    let cancelled: Error | undefined;
    const values: unknown[] = [];
    onValue(
      ref(bob, 'users/bob/name'),
      (s) => values.push(s.val()),
      (e) => (cancelled = e),
    );
    await waitFor(() => values.length === 1, 'initial value');
    const stricter = structuredClone(RULES) as typeof RULES;
    stricter.rules.users.$uid['.read'] = 'false';
    writeFileSync(emu.rulesPath, JSON.stringify(stricter));
    await waitFor(() => cancelled !== undefined, 'listen cancelled after reload', 5000);
    expect((cancelled as Error & { code?: string }).code).toBe('PERMISSION_DENIED');
    expect(await denied(get(ref(bob, 'users/bob')))).toMatch(/Permission denied/);
    writeFileSync(emu.rulesPath, JSON.stringify(RULES));
  });
});
