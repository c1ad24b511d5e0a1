/**
 * Every derived node of the database, per collection: what the server keeps for each record of
 * that collection (functions/src/derivedNodes.ts) and how to rebuild the nodes from all records
 * (demo data, repair, tests). Add a derivation here and the trigger of its collection keeps it.
 */
import { composeDerivations, type Derivation } from './derivation';
import { personListRows } from './listRows';
import { orderListRows } from './orderRows';
import { publicOrders } from './publicOrders';
import { referenceUses } from './references';
import { orderStats, studentStats, tutorStats } from './stats';
import { tutorsBySubject } from './tutorIndex';

/** The collections that have derived nodes. */
export type DerivedCollection = 'students' | 'tutors' | 'orders';

/** The derivations of each collection. */
export const DERIVATIONS: Record<DerivedCollection, Derivation> = {
  students: composeDerivations(personListRows('students'), studentStats, referenceUses('students')),
  tutors: composeDerivations(
    personListRows('tutors'),
    tutorsBySubject,
    tutorStats,
    referenceUses('tutors'),
  ),
  orders: composeDerivations(orderListRows, orderStats, publicOrders),
};

/**
 * The derived nodes' whole value from all records of the given collections (paths from the
 * root; a collection left out is not rebuilt).
 */
export function rebuildDerived(
  data: Partial<Record<DerivedCollection, Readonly<Record<string, object>>>>,
): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  for (const [collection, records] of Object.entries(data)) {
    if (records)
      Object.assign(updates, DERIVATIONS[collection as DerivedCollection].rebuild(records));
  }
  return updates;
}
