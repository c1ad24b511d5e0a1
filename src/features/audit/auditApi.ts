/**
 * Reading the audit log: newest first, one page at a time, through the indexes of
 * database.rules.json (`auditLog` `.indexOn`: at, entity, recordId, by), never the whole log.
 *
 * A Realtime Database query orders by one child only, so the most selective filter given picks
 * the index (record, then admin, then entity, else the time) and the page is the last
 * `pageSize` entries of that query. Entries are keyed by push ids, which begin with their time
 * and order equal values of the index, so a date range becomes a key range within an equality
 * (`startAt(value, key)`), and the next page ends before the oldest key shown. The other filters
 * are then applied to the page read, which can therefore show fewer rows than it read.
 */
import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToLast,
  orderByChild,
  query,
  ref,
  startAt,
  type Database,
  type QueryConstraint,
} from 'firebase/database';
import { AUDIT_LOG_PATH, pushIdTimePrefix, type AuditEntry } from '@/shared/domain/audit';

/**
 * What the screen filters on: the collection (`entity`), the record's key (`record`), the
 * author's uid (`by`) and a time range in epoch ms (`from` inclusive, `to` inclusive).
 */
export interface AuditFilter {
  entity?: string;
  record?: string;
  by?: string;
  from?: number;
  to?: number;
}

/** Where the next (older) page starts: the oldest entry read so far. */
export interface AuditCursor {
  /** That entry's value of the ordering child. */
  value: string | number;
  key: string;
}

/** One page: its matching entries, newest first, and the cursor of the next one (null: none). */
export interface AuditPage {
  entries: AuditEntry[];
  next: AuditCursor | null;
}

/** The index a filter is read through, and the value it must equal (none for the time). */
export function auditIndexOf(filter: AuditFilter): { child: string; value?: string } {
  if (filter.record) return { child: 'recordId', value: filter.record };
  if (filter.by) return { child: 'by', value: filter.by };
  if (filter.entity) return { child: 'entity', value: filter.entity };
  return { child: 'at' };
}

/** True when `entry` passes every filter (those the index did not apply already). */
export function matchesFilter(entry: AuditEntry, filter: AuditFilter): boolean {
  return (
    (!filter.entity || entry.entity === filter.entity) &&
    (!filter.record || entry.recordId === filter.record) &&
    (!filter.by || entry.by === filter.by) &&
    (filter.from === undefined || entry.at >= filter.from) &&
    (filter.to === undefined || entry.at <= filter.to)
  );
}

/** The query constraints of one page (see the module comment). */
export function pageConstraints(
  filter: AuditFilter,
  pageSize: number,
  cursor: AuditCursor | null,
): QueryConstraint[] {
  const { child, value } = auditIndexOf(filter);
  const constraints: QueryConstraint[] = [orderByChild(child)];
  if (value === undefined) {
    if (filter.from !== undefined) constraints.push(startAt(filter.from));
    if (cursor) constraints.push(endBefore(cursor.value, cursor.key));
    else if (filter.to !== undefined) constraints.push(endAt(filter.to));
  } else if (filter.from === undefined && filter.to === undefined && !cursor) {
    constraints.push(equalTo(value));
  } else {
    // Within the equal values, keys (push ids) order by time.
    constraints.push(
      startAt(value, filter.from === undefined ? undefined : pushIdTimePrefix(filter.from)),
    );
    if (cursor) constraints.push(endBefore(value, cursor.key));
    else if (filter.to !== undefined)
      constraints.push(endAt(value, pushIdTimePrefix(filter.to + 1)));
    else constraints.push(endAt(value));
  }
  constraints.push(limitToLast(pageSize));
  return constraints;
}

/**
 * Reads one page of the log (admins only: others get PERMISSION_DENIED from the rules).
 * @param cursor null for the newest page, else the `next` of the previous page.
 */
export async function readAuditPage(
  db: Database,
  filter: AuditFilter,
  pageSize: number,
  cursor: AuditCursor | null,
): Promise<AuditPage> {
  const snap = await get(
    query(ref(db, AUDIT_LOG_PATH), ...pageConstraints(filter, pageSize, cursor)),
  );
  const read: AuditEntry[] = [];
  snap.forEach((child) => {
    read.push({ ...(child.val() as Omit<AuditEntry, 'id'>), id: child.key as string });
  });
  const { child } = auditIndexOf(filter);
  const oldest = read[0];
  const next =
    read.length === pageSize && oldest
      ? { value: oldest[child as 'at' | 'by' | 'entity' | 'recordId'] ?? '', key: oldest.id }
      : null;
  return { entries: read.filter((e) => matchesFilter(e, filter)).reverse(), next };
}

/** A person who may appear as an entry's author: uid and name. */
export interface AuditAuthor {
  id: string;
  name: string;
}

/** The admins (users with isAdmin true, through the `isAdmin` index), for the author filter. */
export async function readAdmins(db: Database): Promise<AuditAuthor[]> {
  const snap = await get(query(ref(db, 'users'), orderByChild('isAdmin'), equalTo(true)));
  const admins: AuditAuthor[] = [];
  snap.forEach((child) => {
    const { name } = child.val() as { name?: string };
    admins.push({ id: child.key as string, name: name || (child.key as string) });
  });
  return admins.sort((a, b) => a.name.localeCompare(b.name));
}
