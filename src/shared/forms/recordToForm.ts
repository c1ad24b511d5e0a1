/**
 * The form values of a stored record, from the form's empty values (so that a field added to a
 * record's schema and to its empty form values needs no third place that copies it). For each field
 * of `empty`:
 * - absent or null in the record: the empty value (e.g. 'SG', '0', '');
 * - a number where the form holds text (an `order` typed as '0', a price): its text;
 * - a boolean field: true only when the record says `true`;
 * - a plain object (e.g. a level's `fields` switches): the empty one with the record's entries;
 * - anything else: the record's value.
 * Fields the form does not edit are left out.
 */
export function recordToForm<V extends object>(record: object | null | undefined, empty: V): V {
  const stored = (record ?? {}) as Record<string, unknown>;
  const values = { ...empty } as Record<string, unknown>;
  for (const [field, initial] of Object.entries(empty)) {
    const value = stored[field];
    if (value === undefined || value === null) continue;
    if (typeof initial === 'string') values[field] = String(value);
    else if (typeof initial === 'boolean') values[field] = value === true;
    else if (isPlainObject(initial) && isPlainObject(value))
      values[field] = { ...initial, ...value };
    else values[field] = value;
  }
  return values as V;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
