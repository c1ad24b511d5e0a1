/**
 * Runs `load` in a task of its own: the returned function, called, waits for a zero-delay timer
 * and then calls `load`, resolving with its result (rejecting with its error).
 *
 * Why: the router starts the first route's lazy code as it is created, in the entry's task, and
 * each `import()` of a chunk runs Vite's preload helper (a `<link>` per dependency the chunk has).
 * On a phone (Lighthouse's 4x CPU slowdown) the route table's ranking and that first lazy load
 * were one task of ~170 ms, most of it blocking time (docs/performance.md, "Startup in short
 * tasks"). A timer puts the load in the next task, a few milliseconds later; the chunk's request
 * leaves then.
 */
export function inNextTask<T>(load: () => Promise<T>): () => Promise<T> {
  return () => new Promise<void>((resolve) => setTimeout(resolve)).then(load);
}
