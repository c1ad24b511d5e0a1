/**
 * ONE generic security-rules matrix for database.rules.json and storage.rules: roles x paths x
 * operations with an expected outcome, each combination an `it.each` case that performs the
 * operation through the web SDK as that role against the shared local backend, then checks the real
 * result with firebase-admin (a denied write must leave the data untouched; an allowed one must
 * have stored exactly what was written).
 *
 * Usage, in `tests/integration/rules-<path>.test.ts`:
 * ```ts
 * import { adminOnly, describeDatabaseRules, describeStorageRules } from '../support/rulesMatrix';
 *
 * describeDatabaseRules('subjects', [
 *   { path: 'subjects/{id}', op: 'read', value: { name: 'Maths' }, expect: adminOnly },
 *   { path: 'subjects/{id}', op: 'create', value: { name: 'Maths' }, expect: adminOnly },
 *   { path: 'users/{uid}', op: 'update', value: { isAdmin: true },
 *     expect: { signedOut: 'deny', nonAdmin: 'deny', owner: 'deny', admin: 'allow' } },
 * ]);
 * describeStorageRules('logos', [
 *   { path: 'users/{uid}.png', op: 'create', expect: ownerOrAdmin },
 * ]);
 * ```
 *
 * Placeholders in paths: `{id}` becomes a fresh unique id per case (so parallel files never touch
 * the same data; use it for every collection you write to), `{uid}` becomes the uid of the *owner*
 * account: for the 'owner' role it is the caller's own uid, for the other roles it is somebody
 * else's (the owner's), which is what an ownership rule must refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { get, increment, ref, remove, set, update } from 'firebase/database';
import {
  deleteObject,
  getBytes,
  listAll,
  ref as storageRef,
  updateMetadata,
  uploadBytes,
} from 'firebase/storage';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  signedInWebApp,
  signedOutWebApp,
  uniqueEmail,
  uniqueId,
  derivedEntries,
  writeRecords,
  type TestAccount,
  type WebApp,
} from './backend';
import {
  ROLES,
  TINY_PNG,
  type CaseContext,
  type DatabaseCase,
  type Expectations,
  type Outcome,
  type Role,
  type StorageCase,
  type ValueOf,
} from './rulesTable';

// The table's types and role sets, for the test files that import them from here.
export {
  adminOnly,
  nobody,
  ownerOrAdmin,
  signedIn,
  ROLES,
  TINY_PNG,
  withAccountsWithoutRecord,
  type CaseContext,
  type DatabaseCase,
  type Expectations,
  type Outcome,
  type Role,
  type StorageCase,
  type ValueOf,
} from './rulesTable';

/** Roles whose `{uid}` is their own uid. */
const SELF_ROLES: readonly Role[] = ['owner', 'unregistered', 'student'];

/** The signed-in apps of every role, plus the accounts behind them. */
export interface Actors {
  web: Record<Role, WebApp>;
  accounts: Record<Exclude<Role, 'signedOut'>, TestAccount>;
}

/** Creates the five accounts and six web apps. Pair with {@link releaseActors}. */
export async function prepareActors(): Promise<Actors> {
  const [nonAdmin, owner, admin, unregistered, student] = await Promise.all([
    createAccount({ email: uniqueEmail('rules-nonadmin') }),
    createAccount({ email: uniqueEmail('rules-owner') }),
    createAccount({ email: uniqueEmail('rules-admin'), isAdmin: true }),
    createAccount({ email: uniqueEmail('rules-unregistered'), userRecord: false }),
    createAccount({
      email: uniqueEmail('rules-student'),
      userRecord: false,
      claims: { userType: 'student' },
    }),
  ]);
  const accounts = { nonAdmin, owner, admin, unregistered, student };
  const [signedOut, ...signedIn] = await Promise.all([
    signedOutWebApp(),
    ...Object.values(accounts).map((a) => signedInWebApp(a.email, a.password)),
  ]);
  const web = Object.fromEntries(
    Object.keys(accounts).map((role, index) => [role, signedIn[index]]),
  ) as Record<Exclude<Role, 'signedOut'>, WebApp>;
  return { web: { signedOut, ...web }, accounts };
}

/** Closes the web apps and deletes the accounts of {@link prepareActors}. */
export async function releaseActors(actors: Actors | undefined): Promise<void> {
  if (!actors) return;
  await Promise.all(Object.values(actors.web).map((web) => web.close()));
  await Promise.all(Object.values(actors.accounts).map((account) => deleteAccount(account.uid)));
}

/** Restores the role accounts' users records, which a case on `users/{uid}` may have changed. */
async function restoreAccounts(actors: Actors): Promise<void> {
  const db = getAdminDatabase(adminApp());
  await Promise.all(
    Object.values(actors.accounts).map((account) =>
      db.ref(`users/${account.uid}`).set(account.record),
    ),
  );
}

function resolvePath(path: string, context: CaseContext): string {
  return path.replaceAll('{uid}', context.uid).replaceAll('{id}', context.id);
}

function resolveValue<T>(value: ValueOf<T> | undefined, context: CaseContext): T | undefined {
  return typeof value === 'function' ? (value as (c: CaseContext) => T)(context) : value;
}

function contextFor(actors: Actors, role: Role): CaseContext {
  const self = role !== 'signedOut' && SELF_ROLES.includes(role);
  const uid = self ? actors.accounts[role].uid : actors.accounts.owner.uid;
  return { role, uid, id: uniqueId('rules') };
}

/** Resolves with the rejection of `promise`, or with `undefined` when it succeeded. */
async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; message?: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error as { code?: string; message?: string };
  }
}

/**
 * Runs one Database case as `role` and asserts `outcome`. Exported so a test can check a single
 * combination by hand (and so the matrix itself can be shown to fail on a wrong expectation).
 *
 * @throws AssertionError when the outcome or the stored data differ from the expectation.
 */
export async function checkDatabaseCase(
  actors: Actors,
  testCase: DatabaseCase,
  role: Role,
  outcome: Outcome,
): Promise<void> {
  const context = contextFor(actors, role);
  const path = resolvePath(testCase.path, context);
  const value = resolveValue(testCase.value, context);
  const before =
    resolveValue(testCase.before, context) ??
    (testCase.op === 'read' || testCase.op === 'create' ? value : (value ?? { x: 1 }));
  const adminRef = getAdminDatabase(adminApp()).ref(path);
  const db = actors.web[role].database;
  const stored = async () => (await adminRef.get()).val() as unknown;
  const derivedWrite =
    testCase.op !== 'read' &&
    (testCase.withDerived ?? /^(students|tutors|orders)\/\{id\}$/.test(testCase.path));
  const arranged = Object.entries(testCase.arrange ?? {}).map(([at, data]) => ({
    ref: getAdminDatabase(adminApp()).ref(resolvePath(at, context)),
    data: resolveValue(data, context),
  }));
  try {
    // Arrange with admin rights (rules bypassed).
    for (const other of arranged) await other.ref.set(other.data);
    if (derivedWrite) {
      // The arranged record comes with its derived nodes, as if the app had written it.
      await writeRecords({ [path]: testCase.op === 'create' ? null : (before ?? null) });
    } else if (testCase.op === 'create') await adminRef.remove();
    else if (before !== undefined) await adminRef.set(before);
    const expectedBefore = testCase.op === 'create' ? null : (before ?? null);

    let act: Promise<unknown>;
    if (derivedWrite) {
      // As the app writes a student, tutor or order: the record and its derived nodes (list
      // row, counters, index) in one multi-path update at the root.
      const old = testCase.op === 'create' ? null : (before as object);
      const next =
        testCase.op === 'delete'
          ? null
          : testCase.op === 'update'
            ? { ...(old ?? {}), ...(value as object) }
            : (value as object);
      act = update(ref(db), { [path]: next, ...derivedEntries(path, old, next, increment) });
    } else if (testCase.op === 'read') act = get(ref(db, path));
    else if (testCase.op === 'create' || testCase.op === 'set') act = set(ref(db, path), value);
    else if (testCase.op === 'update') act = update(ref(db, path), value as object);
    else act = remove(ref(db, path));
    const error = await rejection(act);

    if (outcome === 'deny') {
      expect(error, `${role} ${testCase.op} ${path} should be denied`).toBeDefined();
      expect(`${error?.code ?? ''} ${error?.message ?? ''}`).toMatch(/permission.denied/i);
      if (testCase.op !== 'read') expect(await stored()).toEqual(expectedBefore);
      return;
    }
    expect(error, `${role} ${testCase.op} ${path} should be allowed`).toBeUndefined();
    if (testCase.op === 'read') {
      if (before !== undefined)
        expect((await (act as ReturnType<typeof get>)).val()).toEqual(before);
    } else if (testCase.op === 'update') {
      expect(await stored()).toEqual({ ...(before as object), ...(value as object) });
    } else if (testCase.op === 'delete') {
      expect(await stored()).toBeNull();
    } else {
      expect(await stored()).toEqual(value);
    }
  } finally {
    // Only per-case data ({id}) is removed; shared paths are never wiped.
    if (derivedWrite) await writeRecords({ [path]: null });
    else if (testCase.path.includes('{id}')) await adminRef.remove();
    for (const other of arranged) await other.ref.remove();
    await restoreAccounts(actors);
  }
}

/**
 * Runs one Storage case as `role` and asserts `outcome`. See {@link StorageCase}.
 *
 * @throws AssertionError when the outcome or the stored object differ from the expectation.
 */
export async function checkStorageCase(
  actors: Actors,
  testCase: StorageCase,
  role: Role,
  outcome: Outcome,
): Promise<void> {
  const context = contextFor(actors, role);
  const path = resolvePath(testCase.path, context);
  const bytes = testCase.bytes ?? TINY_PNG;
  const contentType = testCase.contentType ?? 'image/png';
  const disposition =
    testCase.contentDisposition === undefined ? 'attachment' : testCase.contentDisposition;
  const served = disposition === null ? {} : { contentDisposition: disposition };
  const file = getAdminStorage(adminApp()).bucket(backend.storageBucket).file(path);
  const exists = async () => (await file.exists())[0];
  const objectRef = storageRef(actors.web[role].storage, path);
  try {
    if (testCase.op === 'create') await file.delete({ ignoreNotFound: true });
    else {
      await file.save(Buffer.from(bytes), { contentType, metadata: served, resumable: false });
    }

    let act: Promise<unknown>;
    if (testCase.op === 'read') act = getBytes(objectRef);
    else if (testCase.op === 'list') act = listAll(objectRef.parent ?? objectRef);
    else if (testCase.op === 'create') {
      act = uploadBytes(objectRef, bytes, { contentType, ...served });
    } else if (testCase.op === 'update') {
      act = updateMetadata(objectRef, { customMetadata: { checked: 'yes' } });
    } else act = deleteObject(objectRef);
    const error = await rejection(act);

    if (outcome === 'deny') {
      expect(error, `${role} ${testCase.op} ${path} should be denied`).toBeDefined();
      expect(error?.code).toBe(testCase.deniedCode ?? 'storage/unauthorized');
      expect(await exists()).toBe(testCase.op !== 'create');
      if (testCase.op === 'update') {
        const [metadata] = await file.getMetadata();
        expect(metadata.metadata?.checked).toBeUndefined();
      }
      return;
    }
    expect(error, `${role} ${testCase.op} ${path} should be allowed`).toBeUndefined();
    if (testCase.op === 'read') {
      expect(new Uint8Array((await act) as ArrayBuffer)).toEqual(bytes);
    } else if (testCase.op === 'list') {
      const listing = (await act) as Awaited<ReturnType<typeof listAll>>;
      expect(listing.items.map((item) => item.fullPath)).toContain(path);
    } else if (testCase.op === 'delete') {
      expect(await exists()).toBe(false);
    } else if (testCase.op === 'update') {
      const [metadata] = await file.getMetadata();
      expect(metadata.metadata?.checked).toBe('yes');
    } else {
      const [stored] = await file.download();
      expect(new Uint8Array(stored)).toEqual(bytes);
    }
  } finally {
    await file.delete({ ignoreNotFound: true });
  }
}

interface Row<C> {
  testCase: C;
  role: Role;
  outcome: Outcome;
  label: string;
}

function rows<C extends { path: string; op: string; expect: Expectations; name?: string }>(
  cases: C[],
): Row<C>[] {
  return cases.flatMap((testCase) =>
    ROLES.filter((role) => testCase.expect[role] !== undefined).map((role) => ({
      testCase,
      role,
      outcome: testCase.expect[role] as Outcome,
      label: `${testCase.name ? `${testCase.name}: ` : ''}${role} ${testCase.op} ${testCase.path} -> ${testCase.expect[role]}`,
    })),
  );
}

/**
 * Registers a `describe(title)` with one test per (case, role): database.rules.json as enforced by
 * the local Database server. Accounts and web apps are made once per describe.
 */
export function describeDatabaseRules(title: string, cases: DatabaseCase[]): void {
  describe(`database rules: ${title}`, () => {
    let actors: Actors | undefined;
    beforeAll(async () => {
      actors = await prepareActors();
    });
    afterAll(() => releaseActors(actors));
    // '%s' of a plain label: vitest would quote and shorten an object field ('$label').
    it.each(rows(cases).map((row) => [row.label, row] as const))('%s', (_label, row) =>
      checkDatabaseCase(actors as Actors, row.testCase, row.role, row.outcome),
    );
  });
}

/**
 * Registers a `describe(title)` with one test per (case, role): storage.rules as enforced by the
 * local Storage server.
 */
export function describeStorageRules(title: string, cases: StorageCase[]): void {
  describe(`storage rules: ${title}`, () => {
    let actors: Actors | undefined;
    beforeAll(async () => {
      actors = await prepareActors();
    });
    afterAll(() => releaseActors(actors));
    // '%s' of a plain label: vitest would quote and shorten an object field ('$label').
    it.each(rows(cases).map((row) => [row.label, row] as const))('%s', (_label, row) =>
      checkStorageCase(actors as Actors, row.testCase, row.role, row.outcome),
    );
  });
}
