/**
 * How many records use a reference record (a country, field level, browsing level, school or
 * subject), for the delete dialog of its list (EntityListPage): students and tutors that refer to
 * it and a subject's confirmed matches, from the counters the server keeps
 * (`uses/{kind}/{collection}/{id}`, src/shared/domain/derived/references.ts: three reads of a
 * number each), and a subject's orders, which hold its name, by an indexed query
 * (`orders` `.indexOn` subjectName in database.rules.json).
 */
import { usesPath, type ReferencedCollection, type UseKind } from '../domain/derived/references';
import { database } from '../firebase';

/** The uses of one record, by kind; 0 when none. */
export type ReferenceUses = Record<UseKind | 'orders', number>;

/** True when something uses the record. */
export const isUsed = (uses: ReferenceUses) => Object.values(uses).some((n) => n > 0);

/**
 * Reads the uses of `collection/id`; `subjectName` (subjects only) also counts the orders of a
 * subject of that name.
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
  const [students, tutors, matches, orderCount] = await Promise.all([
    counter('students'),
    counter('tutors'),
    collection === 'subjects' ? counter('matches') : Promise.resolve(0),
    orders(),
  ]);
  return { students, tutors, matches, orders: orderCount };
}
