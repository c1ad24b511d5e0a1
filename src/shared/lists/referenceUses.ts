/**
 * How many records use a reference record (a country, field level, browsing level, school or
 * subject), for the delete dialog of its list (EntityListPage): students and tutors that refer to
 * it and a subject's confirmed matches, from the counters the server keeps
 * (`uses/{kind}/{collection}/{id}`, src/shared/domain/derived/references.ts: three reads of a
 * number each), and a subject's orders, which hold its name, by an indexed query
 * (`orders` `.indexOn` subjectName in database.rules.json).
 */
import { usesPath, type ReferencedCollection, type UseKind } from '../domain/derived/references';
import type { IntlShape } from 'react-intl';
import { database } from '../firebase';

/** The uses of one record, by kind; 0 when none. */
export type ReferenceUses = Record<UseKind | 'orders' | 'subjects', number>;

/** How many subjects' level ranges start or end at field level `id` (a subject counts once). */
export function subjectRangesAt(subjects: Record<string, unknown> | null, id: string): number {
  return Object.values(subjects ?? {}).filter((subject) => {
    const range = (subject ?? {}) as { levelStart?: unknown; levelEnd?: unknown };
    return range.levelStart === id || range.levelEnd === id;
  }).length;
}

/**
 * The uses as a list in the visitor's language, e.g. '1 confirmed match, 1 student, and 1 order'
 * (kinds with no use left out).
 */
export function formatUses(intl: IntlShape, uses: ReferenceUses): string {
  const parts = (['matches', 'students', 'tutors', 'orders', 'subjects'] as const)
    .filter((kind) => uses[kind] > 0)
    .map((kind) => intl.formatMessage({ id: `References.count.${kind}` }, { count: uses[kind] }));
  return intl.formatList(parts, { type: 'conjunction' });
}

/** True when something uses the record. */
export const isUsed = (uses: ReferenceUses) => Object.values(uses).some((n) => n > 0);

/**
 * Reads the uses of `collection/id`; `subjectName` (subjects only) also counts the orders of a
 * subject of that name; a field level also counts the subjects whose level range names it.
 * @throws the SDK's error when a read is refused or fails
 */
export async function readReferenceUses(
  collection: ReferencedCollection,
  id: string,
  subjectName?: string,
): Promise<ReferenceUses> {
  const db = await database();
  const { equalTo, get, orderByChild, query, ref } = await import('firebase/database');
  const counter = async (kind: UseKind) => {
    const value: unknown = (await get(ref(db, usesPath(kind, collection, id)))).val();
    return typeof value === 'number' ? value : 0;
  };
  const orders = async () =>
    subjectName === undefined
      ? 0
      : (await get(query(ref(db, 'orders'), orderByChild('subjectName'), equalTo(subjectName))))
          .size;
  const ranges = async () =>
    collection === 'fieldLevels'
      ? subjectRangesAt((await get(ref(db, 'subjects'))).val() as Record<string, unknown>, id)
      : 0;
  const [students, tutors, matches, orderCount, subjects] = await Promise.all([
    counter('students'),
    counter('tutors'),
    collection === 'subjects' ? counter('matches') : Promise.resolve(0),
    orders(),
    ranges(),
  ]);
  return { students, tutors, matches, orders: orderCount, subjects };
}
