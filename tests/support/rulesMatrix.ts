/**
 * ONE generic security-rules matrix for database.rules.json and storage.rules: roles x paths x
 * operations with an expected outcome, each combination an `it.each` case that performs the
 * operation as that role against the shared local backend, then checks the real result with
 * firebase-admin (a denied write must leave the data untouched; an allowed one must have stored
 * exactly what was written).
 *
 * The roles are Google's own rules test client, `@firebase/rules-unit-testing`: one
 * `initializeTestEnvironment` per describe (which loads the project's rules files through the
 * emulators' control APIs, `PUT /.settings/rules.json` and `PUT /internal/setRules`), one
 * `authenticatedContext` per role with the custom claims the functions give it (mock ID tokens:
 * no Auth account is made), `unauthenticatedContext` for the signed-out role, and
 * `assertFails`/`assertSucceeds` on every operation, so each CI run checks that what Google's
 * client recognises as a denial is what our servers answer. The operations are the app's modular
 * SDK calls on the contexts' instances, as the rules-unit-testing documentation writes them.
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
 *
 * Where the cases run: the app's namespace (`demo-tuition-default-rtdb`) and bucket
 * (`demo-tuition.appspot.com`), as before, because derived nodes and the hand-written cases of the
 * rules-*.test.ts files live there. The environment's project id is `demo-tuition`, so the rules
 * it loads go to the namespace `demo-tuition` (the official emulator keeps rules per namespace),
 * and they are the files' own text: the app's namespace keeps the same rules on either server.
 * The environment's `clearDatabase`/`clearStorage` are never called here: they would wipe what
 * other files running in parallel rely on (only per-case data, `{id}` paths and objects, is
 * removed).
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { get, ref, remove, set, update, type Database } from 'firebase/database';
import {
  deleteObject,
  getBytes,
  listAll,
  ref as storageRef,
  updateMetadata,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import type { User } from '@/features/users/schema';
import { backOfficeClaims } from '../../functions/src/common.js';
import { adminApp, backend, databaseUrl, uniqueId } from './backend';
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

/** The project's rules files, as the local backend loads them (emulators/start.ts). */
const DATABASE_RULES = new URL('../../database.rules.json', import.meta.url);
const STORAGE_RULES = new URL('../../storage.rules', import.meta.url);

/** One role's SDK instances: rules-unit-testing's, used through the modular API. */
export interface RoleClients {
  database: Database;
  storage: FirebaseStorage;
}

/** A role's identity: its uid and the users record it has (null: none). */
export interface RoleAccount {
  uid: string;
  record: User | null;
}

/** The rules test environment, every role's SDK instances, and the identities behind them. */
export interface Actors {
  env: RulesTestEnvironment;
  web: Record<Role, RoleClients>;
  accounts: Record<Exclude<Role, 'signedOut'>, RoleAccount>;
}

/** A uid shaped like the Auth emulator's (28 letters and digits), fresh for each run. */
function newUid(): string {
  return randomUUID().replaceAll('-', '').slice(0, 28);
}

/**
 * The users record of a staff role, as httpsCreateUser begins it and the app completes it (the
 * shape of src/features/users/schema.ts).
 */
function staffRecord(uid: string, isAdmin: boolean): User {
  return {
    id: uid,
    name: `rules-${uid.slice(0, 6)}`,
    email: `${uid.toLowerCase()}@tuition.test`,
    location: 'Singapore',
    logoUrl: null,
    createdAt: Date.now(),
    isAdmin,
  };
}

/** The SDK instances of a context, on the app's namespace and bucket. */
function clientsOf(context: RulesTestContext): RoleClients {
  return {
    // rules-unit-testing hands out the compat SDK; the modular API accepts its instances (it
    // unwraps them with getModularInstance), the documented way to use them with v9+ calls.
    database: context.database(databaseUrl) as unknown as Database,
    storage: context.storage(`gs://${backend.storageBucket}`) as unknown as FirebaseStorage,
  };
}

/**
 * Starts a rules test environment on the local backend (the project's rules files loaded through
 * it), with the six roles: signed out; nonAdmin, owner and admin, who have a users record and the
 * claims the functions give one (`staff`, and `admin` for the admin); unregistered (signed in, no
 * record, no claims); student (`userType: 'student'`, no record). Pair with
 * {@link releaseActors}.
 *
 * @throws Error from rules-unit-testing when an emulator refuses the rules files.
 */
export async function prepareActors(): Promise<Actors> {
  const env = await initializeTestEnvironment({
    projectId: backend.projectId,
    database: {
      host: backend.database.host,
      port: backend.database.port,
      rules: readFileSync(DATABASE_RULES, 'utf8'),
    },
    storage: {
      host: backend.storage.host,
      port: backend.storage.port,
      rules: readFileSync(STORAGE_RULES, 'utf8'),
    },
  });
  const staff = (isAdmin: boolean): RoleAccount => {
    const uid = newUid();
    return { uid, record: staffRecord(uid, isAdmin) };
  };
  const accounts: Actors['accounts'] = {
    nonAdmin: staff(false),
    owner: staff(false),
    admin: staff(true),
    unregistered: { uid: newUid(), record: null },
    student: { uid: newUid(), record: null },
  };
  const claims: Record<Exclude<Role, 'signedOut'>, Record<string, unknown>> = {
    nonAdmin: backOfficeClaims(undefined, false),
    owner: backOfficeClaims(undefined, false),
    admin: backOfficeClaims(undefined, true),
    unregistered: {},
    student: { userType: 'student' },
  };
  const web = { signedOut: clientsOf(env.unauthenticatedContext()) } as Record<Role, RoleClients>;
  for (const [role, account] of Object.entries(accounts) as [
    keyof typeof accounts,
    RoleAccount,
  ][]) {
    web[role] = clientsOf(
      env.authenticatedContext(account.uid, {
        email: `${account.uid.toLowerCase()}@tuition.test`,
        email_verified: true,
        ...claims[role],
      }),
    );
  }
  const actors = { env, web, accounts };
  await restoreAccounts(actors);
  return actors;
}

/** Closes every role's SDK instances and removes the roles' users records. */
export async function releaseActors(actors: Actors | undefined): Promise<void> {
  if (!actors) return;
  await actors.env.cleanup();
  const db = getAdminDatabase(adminApp());
  await Promise.all(
    Object.values(actors.accounts).map((account) => db.ref(`users/${account.uid}`).remove()),
  );
}

/** Restores the roles' users records (or their absence), which a case may have changed. */
async function restoreAccounts(actors: Pick<Actors, 'accounts'>): Promise<void> {
  const db = getAdminDatabase(adminApp());
  await Promise.all(
    Object.values(actors.accounts).map((account) =>
      db.ref(`users/${account.uid}`).set(account.record),
    ),
  );
}

/**
 * Runs `act` through rules-unit-testing's `assertFails` or `assertSucceeds` as `outcome` asks.
 *
 * @returns the operation's result when allowed, its error when denied.
 * @throws AssertionError "<label> should be denied" / "should be allowed" otherwise.
 */
async function judged<T>(act: Promise<T>, outcome: Outcome, label: string): Promise<T | Error> {
  if (outcome === 'deny') {
    const verdict = await assertFails(act).then(
      (error: unknown) => ({ error: error as Error, failure: undefined }),
      (failure: Error) => ({ error: undefined, failure: failure.message }),
    );
    expect(verdict.failure, `${label} should be denied`).toBeUndefined();
    return verdict.error as Error;
  }
  const verdict = await assertSucceeds(act).then(
    (result) => ({ result, failure: undefined }),
    (failure: { code?: string; message?: string }) => ({
      result: undefined,
      failure: `${failure.code ?? ''} ${failure.message ?? String(failure)}`,
    }),
  );
  expect(verdict.failure, `${label} should be allowed`).toBeUndefined();
  return verdict.result as T;
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
  const arranged = Object.entries(testCase.arrange ?? {}).map(([at, data]) => ({
    ref: getAdminDatabase(adminApp()).ref(resolvePath(at, context)),
    data: resolveValue(data, context),
  }));
  try {
    // Arrange with admin rights (rules bypassed).
    for (const other of arranged) await other.ref.set(other.data);
    if (testCase.op === 'create') await adminRef.remove();
    else if (before !== undefined) await adminRef.set(before);
    const expectedBefore = testCase.op === 'create' ? null : (before ?? null);

    let act: Promise<unknown>;
    if (testCase.op === 'read') act = get(ref(db, path));
    else if (testCase.op === 'create' || testCase.op === 'set') act = set(ref(db, path), value);
    else if (testCase.op === 'update') act = update(ref(db, path), value as object);
    else act = remove(ref(db, path));
    const result = await judged(act, outcome, `${role} ${testCase.op} ${path}`);

    if (outcome === 'deny') {
      // assertFails also takes any message containing "unauthorized"; this is the database's.
      const { code, message } = result as { code?: string; message?: string };
      expect(`${code ?? ''} ${message ?? ''}`).toMatch(/permission.denied/i);
      if (testCase.op !== 'read') expect(await stored()).toEqual(expectedBefore);
      return;
    }
    if (testCase.op === 'read') {
      if (before !== undefined)
        expect((result as Awaited<ReturnType<typeof get>>).val()).toEqual(before);
    } else if (testCase.op === 'update') {
      expect(await stored()).toEqual({ ...(before as object), ...(value as object) });
    } else if (testCase.op === 'delete') {
      expect(await stored()).toBeNull();
    } else {
      expect(await stored()).toEqual(value);
    }
  } finally {
    // Only per-case data ({id}) is removed; shared paths are never wiped.
    if (testCase.path.includes('{id}')) await adminRef.remove();
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
    const result = await judged(act, outcome, `${role} ${testCase.op} ${path}`);

    if (outcome === 'deny') {
      expect((result as { code?: string }).code).toBe(
        testCase.deniedCode ?? 'storage/unauthorized',
      );
      expect(await exists()).toBe(testCase.op !== 'create');
      if (testCase.op === 'update') {
        const [metadata] = await file.getMetadata();
        expect(metadata.metadata?.checked).toBeUndefined();
      }
      return;
    }
    if (testCase.op === 'read') {
      expect(sameBytes(new Uint8Array(result as ArrayBuffer), bytes), 'bytes read').toBe(true);
    } else if (testCase.op === 'list') {
      const listing = result as Awaited<ReturnType<typeof listAll>>;
      expect(listing.items.map((item) => item.fullPath)).toContain(path);
    } else if (testCase.op === 'delete') {
      expect(await exists()).toBe(false);
    } else if (testCase.op === 'update') {
      const [metadata] = await file.getMetadata();
      expect(metadata.metadata?.checked).toBe('yes');
    } else {
      const [stored] = await file.download();
      expect(sameBytes(stored, bytes), 'bytes stored').toBe(true);
    }
  } finally {
    await file.delete({ ignoreNotFound: true });
  }
}

/**
 * Whether two byte arrays are equal. `toEqual` walks a typed array element by element: on the
 * 2 MiB upload rows it took ~44 s, beyond the test timeout.
 */
function sameBytes(actual: Uint8Array, expected: Uint8Array): boolean {
  return Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength).equals(expected);
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
 * the local Database server. The rules test environment and its role contexts are made once per
 * describe.
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
