/**
 * Arranging and removing records TOGETHER with their derived nodes (list rows, `stats/` counters
 * and queue, the tutors' index; src/shared/domain/derived), by collection and id: a shorthand of
 * tests/support/backend.ts `writeRecords`, which does the work.
 */
import type { DerivedCollection } from '@/shared/domain/derived';
import { writeRecords } from '../support/backend';

/** The records to write or remove, by collection and id (null: remove). */
export type RecordChanges = Partial<Record<DerivedCollection, Record<string, object | null>>>;

/**
 * Writes each record (or removes it, for null) with its companions computed from the record as
 * stored now, in one multi-path update through firebase-admin (no rules).
 */
export function writeWithDerived(changes: RecordChanges): Promise<void> {
  const updates: Record<string, object | null> = {};
  for (const [collection, records] of Object.entries(changes))
    for (const [id, record] of Object.entries(records ?? {}))
      updates[`${collection}/${id}`] = record;
  return writeRecords(updates);
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
