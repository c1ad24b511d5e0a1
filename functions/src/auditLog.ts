/**
 * The audit log, written by the server: every write of a record of a collection an admin edits
 * (recordTriggers.ts) is recorded as one entry `auditLog/{key}` (src/shared/domain/audit `auditEntryOf`: the
 * changed fields before and after, the action, bounded in size), with who wrote it as the
 * database event says (`authType`, and `by` = the user's uid for a signed-in user) and the
 * server's time. Every write is recorded, whichever way it was made, and no client can write or
 * skip an entry (database.rules.json refuses `auditLog` to every client).
 *
 * The entry's key is made from the event (its time and a hash of its id), so an event delivered
 * twice writes the same entry once.
 */
import { createHash } from 'node:crypto';
import { ServerValue } from 'firebase-admin/database';
import {
  AUDIT_LOG_PATH,
  auditEntryKey,
  auditEntryOf,
  type AuditAuthType,
  type AuditedCollection,
} from '../../src/shared/domain/audit';

/**
 * The audit entry of one write event of `collection/recordId`, as a multi-path update from the
 * root of the database the event comes from: `{ 'auditLog/{key}': entry }`, or `{}` when nothing
 * changed. The caller writes it, in the same update as the event's other writes (one round trip).
 */
export function auditEntryUpdate(
  collection: AuditedCollection,
  recordId: string,
  event: {
    id: string;
    time: string;
    before: unknown;
    after: unknown;
    authType: string;
    authId?: string;
  },
): Record<string, unknown> {
  const entry = auditEntryOf(collection, recordId, event.before, event.after, {
    authType: event.authType as AuditAuthType,
    by: event.authType === 'app_user' ? event.authId : undefined,
  });
  if (!entry) return {};
  const digest = createHash('sha256').update(event.id).digest();
  const key = auditEntryKey(Date.parse(event.time), digest);
  return { [`${AUDIT_LOG_PATH}/${key}`]: { ...entry, at: ServerValue.TIMESTAMP } };
}
