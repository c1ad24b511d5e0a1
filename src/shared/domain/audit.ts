/**
 * The audit log's entries, as the server writes them (functions/src/auditLog.ts: a database
 * trigger on every collection an admin edits) and the /audit screen reads them. Clients never
 * write `auditLog`: the rules refuse it, so an entry can be neither forged nor skipped.
 *
 * Pure functions (no SDK), shared by the function, the app and the tests.
 */

/** Where the entries live, `auditLog/{pushId}`. */
export const AUDIT_LOG_PATH = 'auditLog';

/** The collections whose changes are recorded (one trigger each). */
export const AUDITED_COLLECTIONS = [
  'users',
  'levels',
  'countries',
  'fieldLevels',
  'schools',
  'subjects',
  'students',
  'tutors',
  'orders',
] as const;

/** A collection whose changes are recorded. */
export type AuditedCollection = (typeof AUDITED_COLLECTIONS)[number];

/**
 * What was done: a record created, updated or deleted; an order approved (status became
 * 'approved'); a match changed (only a student's `tutorMapping` or a tutor's
 * `confirmedStudents`); a list reordered (only `order`); an admin role granted or withdrawn
 * (`isAdmin` changed).
 */
export type AuditAction = 'create' | 'update' | 'delete' | 'approve' | 'match' | 'reorder' | 'role';

/**
 * Who wrote, as Cloud Functions' database events say it (`authType`): a signed-in user of the app
 * (`app_user`, with `by` = the uid), the Admin SDK or the Firebase console (`admin`: the back
 * office's own functions, import scripts, the console), or nobody signed in (`unauthenticated`).
 */
export type AuditAuthType = 'app_user' | 'admin' | 'unauthenticated' | 'unknown';

/**
 * A stored entry: the record (`entity` = its collection, `recordId` = its key), the action, the
 * changed fields before and after (nested where the change is nested; absent side = no value),
 * who (`authType`, `by`) and when (`at`, the database server's time, epoch ms). `id` is the
 * push id (its key), so keys sort by time too.
 */
export interface AuditEntry {
  id: string;
  at: number;
  authType: AuditAuthType;
  /** The uid of the user who wrote (`app_user` only). */
  by?: string;
  entity: string;
  recordId: string;
  action: AuditAction;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Set when the entry was cut to stay under AUDIT_ENTRY_MAX_BYTES. */
  truncated?: true;
}

/** Largest entry, in bytes of JSON: a page of 50 entries stays under 1 MB. */
export const AUDIT_ENTRY_MAX_BYTES = 16 * 1024;

/** Longest string kept whole in an entry; longer ones end with TRUNCATION_MARK. */
export const AUDIT_STRING_MAX = 1000;

/** Appended to a string that was cut. */
export const TRUNCATION_MARK = '…[cut]';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * The 8-character time prefix of the push ids made at `ms` (the Firebase push-id algorithm:
 * the time in base 64 over PUSH_CHARS, most significant first), so ids made before `ms` sort
 * before it and ids made at or after it sort at or after it.
 */
export function pushIdTimePrefix(ms: number): string {
  let rest = Math.max(0, Math.floor(ms));
  let prefix = '';
  for (let i = 0; i < 8; i++) {
    prefix = PUSH_CHARS.charAt(rest % 64) + prefix;
    rest = Math.floor(rest / 64);
  }
  return prefix;
}

/**
 * The key of the entry of one change: a push id whose time is the change's (`ms`) and whose 12
 * other characters come from `digest` (bytes of a hash of the event id), so the same event
 * delivered twice writes the same entry once, and keys still sort by time.
 */
export function auditEntryKey(ms: number, digest: Uint8Array): string {
  let key = pushIdTimePrefix(ms);
  for (let i = 0; i < 12; i++) key += PUSH_CHARS.charAt((digest[i] ?? 0) % 64);
  return key;
}

/**
 * Who wrote an entry, for display: `{ uid }` of the signed-in user, or the catalogue id of the
 * kind of writer (`Audit.authType.admin`: the Admin SDK, a function or the console).
 */
export function auditAuthor(
  entry: Pick<AuditEntry, 'by' | 'authType'>,
): { uid: string } | { messageId: string } {
  return entry.by
    ? { uid: entry.by }
    : { messageId: `Audit.authType.${entry.authType ?? 'unknown'}` };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';

/**
 * The changed fields of a record: `{ before, after }` holding, for every field whose value differs,
 * the old and the new value; objects on both sides are compared field by field, so a change deep
 * in `tutorMapping` is recorded as `{ tutorMapping: { maths: { confirmed } } }`. A side with no
 * value is left out. Null when nothing changed.
 */
export function changedFields(
  before: unknown,
  after: unknown,
): { before?: Json; after?: Json } | null {
  if (!isObject(before) || !isObject(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    return {
      ...(isObject(before) ? { before } : {}),
      ...(isObject(after) ? { after } : {}),
    };
  }
  const b: Json = {};
  const a: Json = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (isObject(old) && isObject(now)) {
      const inner = changedFields(old, now);
      if (inner?.before) b[key] = inner.before;
      if (inner?.after) a[key] = inner.after;
    } else if (JSON.stringify(old) !== JSON.stringify(now)) {
      if (old !== undefined && old !== null) b[key] = old;
      if (now !== undefined && now !== null) a[key] = now;
    }
  }
  if (Object.keys(b).length === 0 && Object.keys(a).length === 0) return null;
  return {
    ...(Object.keys(b).length > 0 ? { before: b } : {}),
    ...(Object.keys(a).length > 0 ? { after: a } : {}),
  };
}

/** The action of a change of a record of `entity` from `before` to `after` (null: absent). */
export function auditAction(entity: string, before: Json | null, after: Json | null): AuditAction {
  if (!before) return 'create';
  if (!after) return 'delete';
  if (entity === 'orders' && before.status !== 'approved' && after.status === 'approved')
    return 'approve';
  if (entity === 'users' && before.isAdmin !== after.isAdmin) return 'role';
  const changed = Object.keys(changedFields(before, after)?.after ?? {}).concat(
    Object.keys(changedFields(before, after)?.before ?? {}),
  );
  const only = (...fields: string[]) =>
    changed.length > 0 && changed.every((field) => fields.includes(field));
  if (only('tutorMapping', 'confirmedStudents', 'updatedAt')) return 'match';
  if (only('order', 'updatedAt')) return 'reorder';
  return 'update';
}

/** `value` with every string longer than AUDIT_STRING_MAX cut (and marked). */
function cutStrings(value: unknown): unknown {
  if (typeof value === 'string' && value.length > AUDIT_STRING_MAX)
    return value.slice(0, AUDIT_STRING_MAX) + TRUNCATION_MARK;
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = cutStrings(v);
  return out;
}

/** The byte length of `value` as JSON (UTF-8). */
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * `side` cut to at most `budget` bytes of JSON: long strings cut first; then, field by field in
 * key order, the fields that still fit are kept and the rest replaced by a count under `…`.
 */
function boundSide(side: Json, budget: number): { value: Json; cut: boolean } {
  const cut = cutStrings(side) as Json;
  const size = jsonBytes(cut);
  if (size <= budget) return { value: cut, cut: size !== jsonBytes(side) };
  const kept: Json = {};
  let used = 2;
  let dropped = 0;
  for (const [key, value] of Object.entries(cut)) {
    const size = jsonBytes({ [key]: value });
    if (used + size + 32 <= budget) {
      kept[key] = value;
      used += size;
    } else dropped++;
  }
  kept['…'] = `${dropped} more fields`;
  return { value: kept, cut: true };
}

/**
 * The entry for a change of `entity/recordId` from `before` to `after`, without `id` and `at`
 * (the writer adds them), or null when nothing changed. Bounded: at most AUDIT_ENTRY_MAX_BYTES of
 * JSON, long strings and excess fields cut (`truncated: true`).
 */
export function auditEntryOf(
  entity: string,
  recordId: string,
  before: unknown,
  after: unknown,
  who: { authType: AuditAuthType; by?: string },
): Omit<AuditEntry, 'id' | 'at'> | null {
  const b = isObject(before) ? before : null;
  const a = isObject(after) ? after : null;
  const changed = changedFields(b, a);
  if (!changed) return null;
  const entry: Omit<AuditEntry, 'id' | 'at'> = {
    authType: who.authType,
    ...(who.by ? { by: who.by } : {}),
    entity,
    recordId: recordId.slice(0, 768),
    action: auditAction(entity, b, a),
  };
  // Half the room for each side, less what the rest of the entry takes.
  const budget = Math.floor((AUDIT_ENTRY_MAX_BYTES - jsonBytes(entry) - 64) / 2);
  let truncated = false;
  for (const side of ['before', 'after'] as const) {
    const value = changed[side];
    if (!value) continue;
    const bounded = boundSide(value, budget);
    entry[side] = bounded.value;
    truncated ||= bounded.cut;
  }
  if (truncated) entry.truncated = true;
  return entry;
}
