/**
 * Security rules of `auditLog/` (database.rules.json): only admins read the log;
 * an entry is appended once (never edited or deleted, by anyone through the SDK), stamped with the
 * server's time (`at === now`) and its author (`by === auth.uid`), with a fixed shape. The one
 * entry a non-admin may append is the record of their own profile edit (`users/{own uid}`,
 * action 'update'), which the app writes with the edit itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, serverTimestamp, set } from 'firebase/database';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import {
  adminOnly,
  describeDatabaseRules,
  nobody,
  prepareActors,
  releaseActors,
  type Actors,
  type CaseContext,
  type Role,
} from '../support/rulesMatrix';

/** A stored entry by `{uid}` (the owner account) about a school. */
const stored = ({ uid }: CaseContext) => ({
  at: 1_700_000_000_000,
  by: uid,
  entity: 'schools',
  recordId: 'school-1',
  action: 'update',
  before: { name: 'Old' },
  after: { name: 'New' },
});

/** A new entry by `{uid}` stamped with the server time (what the app writes). */
const fresh = (context: CaseContext) => ({ ...stored(context), at: { '.sv': 'timestamp' } });

/** The owner's own profile-edit entry. */
const ownProfileEdit = (context: CaseContext) => ({
  ...fresh(context),
  entity: 'users',
  recordId: context.uid,
});

const nonAdmins = { signedOut: 'deny', nonAdmin: 'deny', owner: 'deny' } as const;

describeDatabaseRules('auditLog', [
  { name: 'whole log', path: 'auditLog', op: 'read', expect: adminOnly },
  { name: 'one entry', path: 'auditLog/{id}', op: 'read', value: stored, expect: adminOnly },
  // `by` is the owner's uid, so for the owner it is their own: refused for not being an admin.
  { name: 'append', path: 'auditLog/{id}', op: 'create', value: fresh, expect: nonAdmins },
  {
    name: 'edit',
    path: 'auditLog/{id}',
    op: 'update',
    before: stored,
    value: { after: { name: 'Forged' } },
    expect: nobody,
  },
  {
    name: 'overwrite',
    path: 'auditLog/{id}',
    op: 'set',
    before: stored,
    value: fresh,
    expect: nobody,
  },
  {
    name: 'edit one field',
    path: 'auditLog/{id}/by',
    op: 'set',
    before: 'original-author',
    value: 'someone-else',
    expect: nobody,
  },
  { name: 'delete', path: 'auditLog/{id}', op: 'delete', value: stored, expect: nobody },
  // A profile edit's entry: only about one's own users record, and only as an update.
  {
    name: 'own profile edit',
    path: 'auditLog/{id}',
    op: 'create',
    value: ownProfileEdit,
    expect: { signedOut: 'deny', nonAdmin: 'deny' },
  },
  {
    name: 'own role change',
    path: 'auditLog/{id}',
    op: 'create',
    value: (c: CaseContext) => ({ ...ownProfileEdit(c), action: 'role' }),
    expect: { owner: 'deny' },
  },
]);

// Allowed appends carry serverTimestamp(), which the matrix cannot compare with what it wrote;
// they are checked here by hand, with the refusals that differ from them in one field.

describe('database rules: appending audit entries', () => {
  let actors: Actors | undefined;
  beforeAll(async () => {
    actors = await prepareActors();
  });
  afterAll(() => releaseActors(actors));

  /** Writes `entry` at a fresh `auditLog/{id}` as `role`; resolves with the stored value. */
  async function append(role: Role, entry: (uid: string) => object) {
    const { web, accounts } = actors as Actors;
    const uid = role === 'admin' ? accounts.admin.uid : accounts.owner.uid;
    const id = uniqueId('rules-audit');
    try {
      await set(ref(web[role].database, `auditLog/${id}`), entry(uid));
      return (await getAdminDatabase(adminApp()).ref(`auditLog/${id}`).get()).val() as Record<
        string,
        unknown
      >;
    } finally {
      await removePaths(`auditLog/${id}`);
    }
  }

  const entry = (uid: string) => ({
    at: serverTimestamp(),
    by: uid,
    entity: 'schools',
    recordId: 'school-1',
    action: 'update',
    before: { name: 'Old' },
    after: { name: 'New' },
  });

  it('admin appends an entry stamped with the server time', async () => {
    const start = Date.now();
    const saved = await append('admin', entry);
    expect(saved).toMatchObject({ by: (actors as Actors).accounts.admin.uid, action: 'update' });
    expect(saved.at).toBeGreaterThanOrEqual(start - 1000);
    expect(saved.at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each([
    ['a client time', (uid: string) => ({ ...entry(uid), at: Date.now() - 60_000 })],
    ['another author', (uid: string) => ({ ...entry(uid), by: `${uid}-x` })],
    ['an unknown field', (uid: string) => ({ ...entry(uid), note: 'x' })],
    ['an unknown action', (uid: string) => ({ ...entry(uid), action: 'erase' })],
    ['an unknown entity', (uid: string) => ({ ...entry(uid), entity: 'auditLog' })],
    ['no record id', (uid: string) => ({ ...entry(uid), recordId: '' })],
  ])('admin may not append an entry with %s', async (_name, make) => {
    await expect(append('admin', make)).rejects.toThrow(/permission.denied/i);
  });

  it('a non-admin appends the entry of their own profile edit', async () => {
    const saved = await append('owner', (uid) => ({
      ...entry(uid),
      entity: 'users',
      recordId: uid,
    }));
    expect(saved).toMatchObject({ entity: 'users', by: (actors as Actors).accounts.owner.uid });
  });

  it('a non-admin may not append an entry about another record', async () => {
    await expect(append('owner', entry)).rejects.toThrow(/permission.denied/i);
  });
});
