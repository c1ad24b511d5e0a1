/**
 * List nodes (issue 16 item 1): `lists/students/{id}` and `lists/tutors/{id}` hold the compact row
 * of each person, the fields the list shows and searches (spec sections 2 and 5: photo, name,
 * e-mail, mobile, country, created date, a tutor's status; search on name, e-mail and id), so a
 * list downloads ~200 bytes per person instead of the whole record (profile level, test result,
 * matches, addresses). database.rules.json demands that each row equals its record after every
 * write and is deleted with it; every writer of people (shared/rtdb, shared/accounts, the demo
 * data) writes it through DERIVATIONS.
 */
import { sameValue, type Derivation } from './derivation';

/** Where the rows of `collection` live. */
export const listPath = (collection: string) => `lists/${collection}`;

/** The fields of a person's list row (all optional in the record but name and email). */
export const PERSON_ROW_FIELDS = [
  'id',
  'name',
  'email',
  'mobile',
  'countryId',
  'logoUrl',
  'createdAt',
  'status',
] as const;

export type PersonRowField = (typeof PERSON_ROW_FIELDS)[number];

/** A person's list row: the row fields the record has (absent ones left out). */
export type PersonRow = Partial<Record<PersonRowField, unknown>> & { id: string };

/** The list row of a person record (`id` from the key: old records may lack the child). */
export function personRow(id: string, record: object): PersonRow {
  const row: Record<string, unknown> = { id };
  for (const field of PERSON_ROW_FIELDS) {
    const value = (record as Record<string, unknown>)[field];
    if (field !== 'id' && value !== undefined && value !== null) row[field] = value;
  }
  return row as PersonRow;
}

/** The list node of `collection` ('students' or 'tutors') as a Derivation. */
export function personListRows(collection: 'students' | 'tutors'): Derivation<object> {
  const at = (id: string) => `${listPath(collection)}/${id}`;
  return {
    companions: () => (id, before, after) => {
      if (!after) return before ? { [at(id)]: null } : {};
      const row = personRow(id, after);
      if (!before) return { [at(id)]: row };
      // Only the changed fields: two admins editing different fields of one person at once
      // both land, and the row still equals the record (the rules check it).
      const old = personRow(id, before);
      const updates: Record<string, unknown> = {};
      for (const field of PERSON_ROW_FIELDS) {
        if (!sameValue(old[field], row[field])) updates[`${at(id)}/${field}`] = row[field] ?? null;
      }
      return updates;
    },
    rebuild: (records) => ({
      [listPath(collection)]: Object.fromEntries(
        Object.entries(records).map(([id, record]) => [id, personRow(id, record)]),
      ),
    }),
  };
}
