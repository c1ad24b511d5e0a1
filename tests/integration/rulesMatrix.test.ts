/**
 * Checks the rules-matrix helper itself (tests/support/rulesMatrix.ts) on rules that no feature
 * should change: the database's default deny, the spec's `users` rules (§6), and a Storage path no
 * rule opens. Also shows that a wrong expectation makes a case fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnly,
  checkDatabaseCase,
  checkStorageCase,
  describeDatabaseRules,
  describeStorageRules,
  nobody,
  ownerOrAdmin,
  prepareActors,
  releaseActors,
  type Actors,
} from '../support/rulesMatrix';

// Expectations taken from the spec, not from the current rules file: a user's own record is
// readable by them and by admins (spec §6 "own profile"); admin rights are granted only by the
// httpsSetAdmin function, never by a client write.
describeDatabaseRules('matrix self-check', [
  // Admins read the whole database (the root rule); nobody writes where no rule allows it.
  { path: 'rulesMatrixCheck/{id}', op: 'read', value: { a: 1 }, expect: adminOnly },
  { path: 'rulesMatrixCheck/{id}', op: 'create', value: { a: 1 }, expect: nobody },
  { path: 'users/{uid}', op: 'read', expect: ownerOrAdmin },
  {
    // Roles change only through httpsSetAdmin: refused to every client, admins too.
    name: 'privilege escalation',
    path: 'users/{uid}/isAdmin',
    op: 'set',
    value: true,
    before: false,
    expect: nobody,
  },
]);

describeStorageRules('matrix self-check', [
  { path: 'rules-matrix-check/{id}.png', op: 'create', expect: nobody },
  { path: 'rules-matrix-check/{id}.png', op: 'read', expect: nobody },
  { path: 'rules-matrix-check/{id}.png', op: 'delete', expect: nobody },
]);

describe('rules matrix: a wrong expectation fails', () => {
  let actors: Actors | undefined;
  beforeAll(async () => {
    actors = await prepareActors();
  });
  afterAll(() => releaseActors(actors));

  it('database: an expected allow that is denied throws', async () => {
    const denied = { path: 'rulesMatrixCheck/{id}', op: 'create' as const, value: 1, expect: {} };
    await expect(checkDatabaseCase(actors as Actors, denied, 'nonAdmin', 'allow')).rejects.toThrow(
      /should be allowed/,
    );
  });

  it('database: an expected deny that is allowed throws', async () => {
    const allowed = { path: 'users/{uid}', op: 'read' as const, expect: {} };
    await expect(checkDatabaseCase(actors as Actors, allowed, 'admin', 'deny')).rejects.toThrow(
      /should be denied/,
    );
  });

  it('storage: an expected allow that is denied throws', async () => {
    const denied = { path: 'rules-matrix-check/{id}.png', op: 'create' as const, expect: {} };
    await expect(checkStorageCase(actors as Actors, denied, 'admin', 'allow')).rejects.toThrow(
      /should be allowed/,
    );
  });
});
