/**
 * An audit entry's before and after as lines a person reads: one per changed leaf field, named by
 * its path ('settings.salePrice', 'tutorMapping.maths.confirmed').
 */
import type { IntlShape } from 'react-intl';
import { fieldLabel, storageFileName } from './labels';

/** One changed field: its path and its value before and after (undefined: no value). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** `{a: {b: 1}}` -> `{'a.b': 1}`; leaves are primitives. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else if (value !== undefined && value !== null) {
    into.set(prefix, value);
  }
}

/** The changed fields of `before` and `after`, sorted by path; unchanged leaves left out. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  flatten(before, '', old);
  flatten(after, '', now);
  const fields = [...new Set([...old.keys(), ...now.keys()])].sort();
  return fields
    .filter((field) => old.get(field) !== now.get(field))
    .map((field) => ({ field, before: old.get(field), after: now.get(field) }));
}

/** Fields holding epoch milliseconds (spec section 3: createdAt, updatedAt, expiredDate). */
const TIME_FIELD = /(At|Date)$/;

/**
 * A value as text: times (fields ending in At or Date) as date and time, booleans as Yes/No, a
 * stored file's download URL as its file name, no value as '—'.
 */
export function formatValue(intl: IntlShape, field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  const file = storageFileName(value);
  if (file) return file;
  if (typeof value === 'boolean')
    return intl.formatMessage({ id: value ? 'Common.yes' : 'Common.no' });
  if (typeof value === 'number' && TIME_FIELD.test(field) && value > 1e11) {
    return intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'medium' });
  }
  return String(value);
}

/**
 * The changes of a record of `entity` as one line of text each, 'Name: Old → New', fields by
 * their forms' labels (for CSV and the search).
 */
export function changesText(intl: IntlShape, entity: string, changes: FieldChange[]): string {
  return changes
    .map(
      (c) =>
        `${fieldLabel(intl, entity, c.field)}: ${formatValue(intl, c.field, c.before)} → ${formatValue(intl, c.field, c.after)}`,
    )
    .join('\n');
}
