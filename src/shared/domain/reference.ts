/**
 * The reference lists the student and tutor forms choose from (spec section 3): field levels,
 * schools, subjects and browsing levels. Declared here, by what the forms need of them, so that
 * the people and matching features take them as props (the app loads them from their own
 * features, src/app/routes/useReferenceData.ts) without importing those features.
 */

/** An entry of a reference list: its id, its name and its sort key (`order`, 0 or more). */
export interface ReferenceItem {
  id: string;
  name: string;
  order: number;
}

/**
 * - `allFieldLevels`: every field level, obsolete ones included (a stored range keeps its order);
 * - `fieldLevels`, `schools`, `subjects`: the non-obsolete ones, by `order` then name;
 * - `browsingLevels`: every browsing level, by `order` then name;
 * - `allSubjects`, `allSchools`: every subject and school, obsolete ones included, to name an id
 *   a record holds (an obsolete one is no longer offered but still named; an id in none of these
 *   lists is a deleted record, shown as such: referenceLabel).
 */
export interface ReferenceData {
  allFieldLevels: readonly ReferenceItem[];
  fieldLevels: readonly ReferenceItem[];
  schools: readonly ReferenceItem[];
  subjects: readonly ReferenceItem[];
  browsingLevels: readonly ReferenceItem[];
  allSubjects: readonly ReferenceItem[];
  allSchools: readonly ReferenceItem[];
}

/**
 * The name of the record `id` among `items`, or `deleted` (a label such as '(deleted)') when no
 * record has it: a record holds ids of reference data that may since have been deleted, and a raw
 * id means nothing to a reader. While `items` is still empty (not loaded) the answer is ''.
 */
export function referenceLabel(
  items: readonly ReferenceItem[],
  id: string,
  deleted: string,
): string {
  if (items.length === 0) return '';
  return items.find((item) => item.id === id)?.name ?? deleted;
}
