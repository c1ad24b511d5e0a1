/**
 * List nodes: `lists/{collection}/{id}` holds the compact row of each record, the fields its list
 * shows, searches, sorts and filters by, so a list downloads those instead of the whole record.
 * People (`lists/students`, `lists/tutors`; spec sections 2 and 5: photo, name, e-mail, mobile,
 * country, created date, a tutor's status; search on name, e-mail and id) download ~200 bytes per
 * person instead of the whole record (profile level, test result, matches, addresses); orders
 * have theirs in orderRows.ts. The server writes each row from its record
 * (functions/src/derivedNodes.ts).
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

/**
 * The list row of `record` with the given `fields`: each field the record has (null and absent
 * ones left out), and `id` from the key (old records may lack the child).
 */
export function rowOf(
  fields: readonly string[],
  id: string,
  record: object,
): Record<string, unknown> {
  const row: Record<string, unknown> = { id };
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field];
    if (field !== 'id' && value !== undefined && value !== null) row[field] = value;
  }
  return row;
}

/** The list row of a person record. */
export function personRow(id: string, record: object): PersonRow {
  return rowOf(PERSON_ROW_FIELDS, id, record) as PersonRow;
}

/**
 * The list node of `collection` as a Derivation: one row per record, `fields` of it (see rowOf);
 * a deleted record's row goes with it.
 */
export function listRows(collection: string, fields: readonly string[]): Derivation {
  return {
    project: (id, record) => ({
      [`${listPath(collection)}/${id}`]: record ? rowOf(fields, id, record) : null,
    }),
    rebuild: (records) => ({
      [listPath(collection)]: Object.fromEntries(
        Object.entries(records).map(([id, record]) => [id, rowOf(fields, id, record)]),
      ),
    }),
  };
}

/** The list node of `collection` ('students' or 'tutors') as a Derivation: one row per record. */
export const personListRows = (collection: 'students' | 'tutors'): Derivation =>
  listRows(collection, PERSON_ROW_FIELDS);
