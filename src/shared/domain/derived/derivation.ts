/**
 * Derived nodes (issue 16): data kept in step with the records so that screens never read whole
 * collections: a compact row per record in a list node, aggregate counters, indexes. Pure
 * functions, shared by the app's writes (shared/rtdb `companions`), the demo data
 * (emulators/seed) and the tests that check the nodes against the records.
 */

/**
 * The entries (paths from the database root) to write in the SAME multi-path update as a record,
 * given its key and its value before and after the write (null: absent). Counters use the
 * database's `increment()` (passed in as `increment`, so this module needs no SDK) so concurrent
 * writers add up.
 */
export type Companions<T> = (
  id: string,
  before: T | null,
  after: T | null,
) => Record<string, unknown>;

/** Makes the server-side increment value of the SDK in use (`increment` of firebase/database). */
export type Increment = (delta: number) => object;

/**
 * How one kind of derived node follows one collection:
 * - `companions(increment)`: the entries of one record's write (see Companions);
 * - `rebuild(records)`: the derived nodes' whole value from all the collection's records
 *   (absolute values, counters included): the demo data, a repair, and the tests' expectation.
 */
export interface Derivation<T> {
  companions: (increment: Increment) => Companions<T>;
  rebuild: (records: Readonly<Record<string, T>>) => Record<string, unknown>;
}

/** One Derivation made of several (their entries merged; each part owns different paths). */
export function composeDerivations<T>(...parts: Derivation<T>[]): Derivation<T> {
  return {
    companions: (increment) => {
      const each = parts.map((part) => part.companions(increment));
      return (id, before, after) =>
        Object.assign({}, ...each.map((companions) => companions(id, before, after))) as Record<
          string,
          unknown
        >;
    },
    rebuild: (records) =>
      Object.assign({}, ...parts.map((part) => part.rebuild(records))) as Record<string, unknown>,
  };
}

/** The record after an update of `fields` (RTDB `update`: each field replaced, null removes). */
export function applyFields<T extends object>(current: T, fields: Record<string, unknown>): T {
  const next = { ...current } as Record<string, unknown>;
  for (const [field, value] of Object.entries(fields)) {
    if (value === null) delete next[field];
    else next[field] = value;
  }
  return next as T;
}

/** True when two Database values (primitives or plain objects) are equal. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
