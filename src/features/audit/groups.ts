/**
 * One row per user action on the audit screen. The server writes one entry per record written
 * (functions/src/auditLog.ts), so one action that writes many records in one multi-path update
 * (a subject's "move up" rewrites the `order` of every subject between the two places; a match
 * writes the student and the tutor) gave many rows. The screen groups them back, rather than the
 * trigger marking them: each trigger runs alone and cannot know its siblings, while every entry's
 * key already begins with its write's time to the millisecond (`auditEntryKey`: the event's
 * time, which all paths of one update share), so entries with the same key time, the same author
 * and the same action are one action. Two actions of one author in the same millisecond would be
 * shown as one, which a person clicking cannot produce. A group split by a page boundary shows as
 * two rows until the older page is read.
 */
import type { AuditEntry } from '@/shared/domain/audit';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** The time (epoch ms) a push id's first 8 characters encode (inverse of pushIdTimePrefix). */
export function pushIdTime(key: string): number {
  let ms = 0;
  for (const char of key.slice(0, 8)) ms = ms * 64 + Math.max(0, PUSH_CHARS.indexOf(char));
  return ms;
}

/** The entries of one user action, newest entry first; `id` is the first entry's. */
export interface AuditGroup {
  id: string;
  entries: AuditEntry[];
}

/** Groups entries (in any order) into actions, in the order of their first entries. */
export function groupEntries(entries: readonly AuditEntry[]): AuditGroup[] {
  const groups = new Map<string, AuditGroup>();
  for (const entry of entries) {
    const key = [entry.id.slice(0, 8), entry.authType, entry.by ?? '', entry.action].join('|');
    const group = groups.get(key);
    if (group) group.entries.push(entry);
    else groups.set(key, { id: entry.id, entries: [entry] });
  }
  return [...groups.values()];
}
