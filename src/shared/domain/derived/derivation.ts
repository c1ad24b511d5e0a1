/**
 * Derived nodes: data kept in step with the records so that screens never read whole
 * collections: a compact row per record in a list node, aggregate counters, queues and indexes.
 * The server keeps them (functions/src/derivedNodes.ts, a database trigger per collection), from
 * these pure definitions, which the demo data (emulators/seed), the repair command
 * (scripts/rebuildDerived.ts) and the tests share.
 *
 * A derivation has two kinds of parts, kept in two ways:
 * - projections: entries that depend on ONE record alone (its list row, its index entries, its
 *   queue entry). The trigger writes them from the record as stored when it runs (not from the
 *   event), so events handled late or twice leave the latest state;
 * - counters: sums over all records. The trigger adds each event's difference once (the event id
 *   guards against a second delivery), since a sum cannot be recomputed from one record.
 */

/**
 * The projection entries of one record: every path it owns, valued from `record` (null: the
 * record is absent), plus null for each path that one of the `previous` versions owned and
 * `record` does not, so that a removed subject or a record deleted leaves no entry behind.
 */
export type Projection = (
  id: string,
  record: object | null,
  previous: readonly (object | null)[],
) => Record<string, unknown>;

/** A record's share of each counter, by path (absent: 0). */
export type CounterShare = (record: object | null) => Record<string, number>;

/**
 * How the derived nodes follow one collection:
 * - `project`: the record's projection entries (see Projection);
 * - `count`: the record's share of the counters;
 * - `rebuild(records)`: the derived nodes' whole value from all the collection's records
 *   (absolute values, counters included): the demo data, a repair, and the tests' expectation.
 */
export interface Derivation {
  project?: Projection;
  count?: CounterShare;
  rebuild: (records: Readonly<Record<string, object>>) => Record<string, unknown>;
}

/** One Derivation made of several (their entries merged; each part owns different paths). */
export function composeDerivations(...parts: Derivation[]): Derivation {
  return {
    project: (id, record, previous) =>
      Object.assign(
        {},
        ...parts.map((part) => part.project?.(id, record, previous) ?? {}),
      ) as Record<string, unknown>,
    count: (record) => {
      const sum: Record<string, number> = {};
      for (const part of parts)
        for (const [path, n] of Object.entries(part.count?.(record) ?? {}))
          sum[path] = (sum[path] ?? 0) + n;
      return sum;
    },
    rebuild: (records) =>
      Object.assign({}, ...parts.map((part) => part.rebuild(records))) as Record<string, unknown>,
  };
}

/**
 * The counter changes of a record going from `before` to `after`: `{ path: delta }`, zeros left
 * out.
 */
export function counterDeltas(
  derivation: Derivation,
  before: object | null,
  after: object | null,
): Record<string, number> {
  const deltas: Record<string, number> = {};
  const add = (shares: Record<string, number> | undefined, sign: 1 | -1) => {
    for (const [path, n] of Object.entries(shares ?? {}))
      deltas[path] = (deltas[path] ?? 0) + sign * n;
  };
  add(derivation.count?.(before), -1);
  add(derivation.count?.(after), 1);
  for (const [path, n] of Object.entries(deltas)) if (n === 0) delete deltas[path];
  return deltas;
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
