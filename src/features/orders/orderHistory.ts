/**
 * An order's history, from the audit log (`auditLog` entries with `entity: 'orders'` and the
 * order's key as `recordId`; a database trigger writes one for every write of the order), read
 * through the log's `recordId` index (database.rules.json `auditLog` `.indexOn`), never the whole
 * log, followed live, with the name of each entry's author (`users/{uid}/name`, one read per
 * author).
 */
import { AUDIT_LOG_PATH, type AuditEntry } from '@/shared/domain/audit';
import { database } from '@/shared/firebase';
import { watchQuery } from '@/shared/watchValue';

/** One entry of an order's history, with its author's name (the uid when the user is gone). */
export interface OrderHistoryEntry extends AuditEntry {
  /** The writing user's name; absent for a server write (see auditAuthor). */
  authorName?: string;
}

/**
 * Follows the audit entries of order `id`, oldest first (admins only: others get
 * PERMISSION_DENIED through `onError`). Entries of another collection that happen to share the
 * key are left out. `onChange` is called with the whole history at once and after every change:
 * live, because the entry of a write is added by a database trigger after the write itself
 * (functions/), so a history read when the order changes can miss it. Authors' names are read
 * once per author and page view.
 * @returns stops following
 */
export function watchOrderHistory(
  id: string,
  onChange: (entries: OrderHistoryEntry[]) => void,
  onError: (error: Error) => void,
): () => void {
  const authors = new Map<string, Promise<string>>();
  let latest = 0;
  return watchQuery(
    (m, db) => m.query(m.ref(db, AUDIT_LOG_PATH), m.orderByChild('recordId'), m.equalTo(id)),
    (snapshot) => {
      const call = ++latest;
      const entries: AuditEntry[] = [];
      snapshot.forEach((child) => {
        const entry = { ...(child.val() as Omit<AuditEntry, 'id'>), id: child.key as string };
        if (entry.entity === 'orders') entries.push(entry);
      });
      entries.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
      void Promise.all(entries.map((e) => (e.by ? authorName(e.by, authors) : undefined)))
        .then((names) => {
          // A later snapshot's names may arrive first: only the newest history is shown.
          if (call === latest) onChange(entries.map((e, i) => ({ ...e, authorName: names[i] })));
        })
        .catch((error: unknown) =>
          onError(error instanceof Error ? error : new Error(String(error))),
        );
    },
    { onError },
  );
}

/** The name of user `uid` (`users/{uid}/name`), the uid when the user is gone; read once. */
function authorName(uid: string, authors: Map<string, Promise<string>>): Promise<string> {
  let name = authors.get(uid);
  if (!name) {
    name = Promise.all([database(), import('firebase/database')]).then(async ([db, m]) => {
      const value = (await m.get(m.ref(db, `users/${uid}/name`))).val() as string | null;
      return value || uid;
    });
    authors.set(uid, name);
  }
  return name;
}
