/**
 * Security rules of `auditLog/` (database.rules.json): only admins read the log, and no client
 * writes it: not a well-formed entry stamped with the server's time, not an entry about the
 * writer's own profile, not an edit or a deletion, whoever asks (an admin, staff, the owner of the
 * record, an account without a users record, a student). The server writes every entry
 * (functions/src/auditLog.ts); tests/integration/audit.test.ts checks what it writes.
 */
import { adminOnly, describeDatabaseRules, type CaseContext } from '../support/rulesMatrix';
import { noClient } from '../support/rulesTable';

/** A stored entry by `{uid}` (the owner account) about a school. */
const stored = ({ uid }: CaseContext) => ({
  at: 1_700_000_000_000,
  authType: 'app_user',
  by: uid,
  entity: 'schools',
  recordId: 'school-1',
  action: 'update',
  before: { name: 'Old' },
  after: { name: 'New' },
});

/** A new entry by `{uid}` stamped with the server time (what a forger would write). */
const fresh = (context: CaseContext) => ({ ...stored(context), at: { '.sv': 'timestamp' } });

describeDatabaseRules('auditLog', [
  { name: 'whole log', path: 'auditLog', op: 'read', expect: adminOnly },
  { name: 'one entry', path: 'auditLog/{id}', op: 'read', value: stored, expect: adminOnly },
  { name: 'append', path: 'auditLog/{id}', op: 'create', value: fresh, expect: noClient },
  {
    name: 'append about their own profile',
    path: 'auditLog/{id}',
    op: 'create',
    value: (context: CaseContext) => ({
      ...fresh(context),
      entity: 'users',
      recordId: context.uid,
      before: { isAdmin: false },
      after: { isAdmin: true },
    }),
    expect: noClient,
  },
  {
    name: 'edit',
    path: 'auditLog/{id}',
    op: 'update',
    before: stored,
    value: { after: { name: 'Forged' } },
    expect: noClient,
  },
  { name: 'delete', path: 'auditLog/{id}', op: 'delete', value: stored, expect: noClient },
]);
