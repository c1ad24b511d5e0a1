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
 * - `browsingLevels`: every browsing level, by `order` then name.
 */
export interface ReferenceData {
  allFieldLevels: readonly ReferenceItem[];
  fieldLevels: readonly ReferenceItem[];
  schools: readonly ReferenceItem[];
  subjects: readonly ReferenceItem[];
  browsingLevels: readonly ReferenceItem[];
}
