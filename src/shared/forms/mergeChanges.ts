/**
 * Comparing and merging records as the Realtime Database stores them, for a form whose record
 * another admin may change meanwhile (useRemoteChanges). Pure functions.
 */

/** A stored record or object field: its children by key. */
export type Stored = Record<string, unknown>;

/**
 * The three-way merge of a save: `changes` made from `base` (as loaded), written over `stored`
 * (as stored now): see RemoteChanges `merge` (useRemoteChanges).
 */
export function mergeChanges(base: Stored, changes: Stored, stored: Stored): Stored {
  const out: Stored = {};
  for (const [field, mine] of Object.entries(changes)) {
    if (sameField(mine, base[field])) continue;
    const loaded = base[field];
    const now = stored[field];
    out[field] = isObject(mine) && isObject(loaded) ? mergeObject(loaded, mine, now) : mine;
  }
  return out;
}

/** An object field: the stored entries, with those this admin changed from `base` replaced. */
function mergeObject(base: Stored, mine: Stored, stored: unknown): Stored {
  const out: Stored = isObject(stored) ? { ...stored } : {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    const value = mine[key];
    if (sameField(value, base[key])) continue;
    const loaded = base[key];
    if (isObject(value) && isObject(loaded)) out[key] = mergeObject(loaded, value, out[key]);
    else if (isEmpty(value)) delete out[key];
    else out[key] = value;
  }
  return out;
}

/**
 * The fields whose stored values differ (`sameStored`), sorted; inside an object both sides hold
 * (a profile level, a subject's settings) its differing entries instead, as dotted paths
 * (`settings.originalPrice`).
 */
export function differingFields(a: Stored, b: Stored, prefix = ''): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !sameStored(a[k], b[k]))
    .flatMap((k) => {
      const x = a[k];
      const y = b[k];
      return isObject(x) && isObject(y) ? differingFields(x, y, `${prefix}${k}.`) : [prefix + k];
    })
    .sort();
}

function isObject(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** No value, as the Realtime Database stores it: absent, null, or an object without entries. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'object' && Object.keys(value).length === 0)
  );
}

/**
 * Equal as the Realtime Database stores them: null, undefined and empty objects are all "no
 * value" (the database keeps no empty nodes), and key order does not matter.
 */
export function sameStored(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ra = a as Stored;
  const rb = b as Stored;
  return [...new Set([...Object.keys(ra), ...Object.keys(rb)])].every((k) =>
    sameStored(ra[k], rb[k]),
  );
}

/** As `sameStored`, and an empty text is no value too (a form's empty field, a record's absent one). */
function sameField(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === '' || isEmpty(v);
  if (blank(a) && blank(b)) return true;
  if (isObject(a) && isObject(b)) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => sameField(a[k], b[k]));
  }
  return sameStored(a, b);
}
