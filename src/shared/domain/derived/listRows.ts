/**
 * List nodes: `lists/students/{id}` and `lists/tutors/{id}` hold the compact row of each person,
 * the fields the list shows and searches (spec sections 2 and 5: photo, name, e-mail, mobile,
 * country, created date, a tutor's status; search on name, e-mail and id), so a list downloads
 * ~200 bytes per person instead of the whole record (profile level, test result, matches,
 * addresses). The server writes each row from its record (functions/src/derivedNodes.ts).
 */
import type { Derivation } from './derivation';

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

/** The list node of `collection` ('students' or 'tutors') as a Derivation: one row per record. */
export function personListRows(collection: 'students' | 'tutors'): Derivation {
  return {
    project: (id, record) => ({
      [`${listPath(collection)}/${id}`]: record ? personRow(id, record) : null,
    }),
    rebuild: (records) => ({
      [listPath(collection)]: Object.fromEntries(
        Object.entries(records).map(([id, record]) => [id, personRow(id, record)]),
      ),
    }),
  };
}
