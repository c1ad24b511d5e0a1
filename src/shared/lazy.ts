/**
 * Values loaded on first use (the store's backend apis, the account workflow): kept out of
 * shared/entitySlice so that the session slice, which /login loads, does not bring the entity-slice
 * factory and its Database code with it.
 */

/** A value, or a function that loads it on first use (keeps SDK code out of /login's bundle). */
export type Lazy<T> = T | (() => Promise<T>);

const loaded = new WeakMap<object, Promise<unknown>>();

/**
 * Resolves a Lazy value once (per loader); a loader that failed (e.g. a chunk that did not
 * download) is tried again next time.
 */
export function resolveLazy<T>(value: Lazy<T>): Promise<T> {
  if (typeof value !== 'function') return Promise.resolve(value);
  const loader = value as () => Promise<T>;
  let promise = loaded.get(loader) as Promise<T> | undefined;
  if (!promise) {
    promise = loader().catch((e: unknown) => {
      loaded.delete(loader);
      throw e;
    });
    loaded.set(loader, promise);
  }
  return promise;
}
