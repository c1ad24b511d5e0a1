/**
 * Audit entries written by the functions (issue 17 item 4): role changes (httpsCreateUser,
 * httpsSetAdmin) and user deletions (httpsDeleteUser) are recorded by the server, with the calling
 * admin as `by`, in the same multi-path update as the change. Same shape as the app's entries
 * (src/shared/rtdb.ts `AuditEntry`): `auditLog/{pushId}` = {at, by, entity, recordId, action,
 * before?, after?}; `at` is the database server's time.
 */
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { adminApp } from './common.js';

/** What the functions record. */
export interface FunctionAuditChange {
  /** The calling admin's uid. */
  by: string;
  entity: 'users';
  recordId: string;
  action: 'role' | 'delete';
  /** Changed fields before (absent: no value). */
  before?: object | null;
  /** Changed fields after (absent: no value). */
  after?: object | null;
}

/**
 * The multi-path update entry `{ 'auditLog/<pushId>': entry }` for `change`; spread it into the
 * same `ref().update()` as the change. Nothing is written here.
 */
export function auditLogUpdate(change: FunctionAuditChange): Record<string, object> {
  const key = getDatabase(adminApp()).ref('auditLog').push().key as string;
  const entry: Record<string, unknown> = {
    at: ServerValue.TIMESTAMP,
    by: change.by,
    entity: change.entity,
    recordId: change.recordId,
    action: change.action,
  };
  if (change.before) entry.before = change.before;
  if (change.after) entry.after = change.after;
  return { [`auditLog/${key}`]: entry };
}
