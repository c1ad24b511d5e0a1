/**
 * Arranging and removing records with firebase-admin TOGETHER with their derived nodes (list
 * rows, `stats/` counters and queue; src/shared/domain/derived DERIVATIONS), as the app's writers
 * do: the rules refuse a client's write to a record whose list row is missing, and the shared
 * backend's counters stay equal to the records when tests leave.
 */
import { getDatabase as getAdminDatabase, ServerValue } from 'firebase-admin/database';
import { DERIVATIONS, type DerivedCollection } from '@/shared/domain/derived';
import { adminApp } from '../support/backend';

/** The records to write or remove, by collection and id (null: remove). */
export type RecordChanges = Partial<Record<DerivedCollection, Record<string, object | null>>>;

/**
 * Writes each record (or removes it, for null) with its companions computed from the record as
 * stored now, in one multi-path update through firebase-admin (no rules).
 */
export async function writeWithDerived(changes: RecordChanges): Promise<void> {
  const db = getAdminDatabase(adminApp());
  const updates: Record<string, unknown> = {};
  for (const [collection, records] of Object.entries(changes) as [
    DerivedCollection,
    Record<string, object | null>,
  ][]) {
    const companions = DERIVATIONS[collection].companions((n) => ServerValue.increment(n));
    for (const [id, after] of Object.entries(records)) {
      const stored = (await db.ref(`${collection}/${id}`).get()).val() as object | null;
      const before = stored ? { ...stored, id } : null;
      const next = after ? { ...after, id } : null;
      Object.assign(updates, { [`${collection}/${id}`]: next }, companions(id, before, next));
    }
  }
  if (Object.keys(updates).length) await db.ref().update(updates);
}

/** Removes the given records with their companions (see writeWithDerived). */
export function removeWithDerived(
  ids: Partial<Record<DerivedCollection, Iterable<string>>>,
): Promise<void> {
  const changes: RecordChanges = {};
  for (const [collection, list] of Object.entries(ids) as [DerivedCollection, Iterable<string>][])
    changes[collection] = Object.fromEntries([...list].map((id) => [id, null]));
  return writeWithDerived(changes);
}
