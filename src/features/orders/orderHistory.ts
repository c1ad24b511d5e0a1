/**
 * An order's history, from the audit log (`auditLog` entries with `entity: 'orders'` and the
 * order's key as `recordId`; shared/rtdb `auditLogUpdate` writes one with every approval), read
 * through the log's `recordId` index (database.rules.json `auditLog` `.indexOn`), never the whole
 * log, with the name of each entry's author (`users/{uid}/name`, one read per author).
 */
import type { Database } from 'firebase/database';
import { AUDIT_LOG_PATH, type AuditEntry } from '@/shared/domain/audit';

/** One entry of an order's history, with its author's name (the uid when the user is gone). */
export interface OrderHistoryEntry extends AuditEntry {
  /** The writing user's name; absent for a server write (see auditAuthor). */
  authorName?: string;
}

/**
 * The audit entries of order `id`, oldest first (admins only: others get PERMISSION_DENIED).
 * Entries of another collection that happen to share the key are left out.
 */
export async function readOrderHistory(db: Database, id: string): Promise<OrderHistoryEntry[]> {
  const { equalTo, get, orderByChild, query, ref } = await import('firebase/database');
  const snap = await get(query(ref(db, AUDIT_LOG_PATH), orderByChild('recordId'), equalTo(id)));
  const entries: AuditEntry[] = [];
  snap.forEach((child) => {
    const entry = { ...(child.val() as Omit<AuditEntry, 'id'>), id: child.key as string };
    if (entry.entity === 'orders') entries.push(entry);
  });
  entries.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const authors = new Map<string, string>();
  await Promise.all(
    [...new Set(entries.flatMap((e) => (e.by ? [e.by] : [])))].map(async (uid) => {
      const name = (await get(ref(db, `users/${uid}/name`))).val() as string | null;
      authors.set(uid, name || uid);
    }),
  );
  return entries.map((e) => ({
    ...e,
    authorName: e.by ? (authors.get(e.by) ?? e.by) : undefined,
  }));
}
