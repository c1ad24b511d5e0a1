/**
 * Server values: `{".sv":"timestamp"}` and `{".sv":{"increment":n}}`.
 * Source: `core/util/ServerValues.ts` and https://firebase.google.com/docs/reference/js/database#servertimestamp,
 * https://firebase.google.com/docs/reference/js/database#increment. One `now` per write so that
 * rules' `now` equals the stored timestamp.
 */
import { Branch, type DataNode, type Primitive, type ServerValueResolver } from './node.js';
import { InvalidInputError } from './path.js';

/**
 * A resolver for one write at a location.
 * @param now server time in ms used for every timestamp of the write
 * @param current the stored node at a path relative to the written location (for increment)
 */
export function serverValueResolver(
  now: number,
  current: (relPath: readonly string[]) => DataNode | null,
): ServerValueResolver {
  return (sv, relPath): Primitive => {
    if (sv === 'timestamp') return now;
    if (sv !== null && typeof sv === 'object' && 'increment' in sv) {
      const delta = (sv as { increment: unknown }).increment;
      if (typeof delta !== 'number' || !Number.isFinite(delta))
        throw new InvalidInputError('Invalid increment');
      const existing = current(relPath);
      return existing && !(existing instanceof Branch) && typeof existing.value === 'number'
        ? existing.value + delta
        : delta;
    }
    throw new InvalidInputError(`Unknown server value ${JSON.stringify(sv)}`);
  };
}
