/**
 * The messages between the page and the list worker (shared/listWorker.ts). Types only: the page
 * imports this module without the worker's code.
 */

/**
 * One change of a followed list: `[key, value]` a child added or changed (its whole value, as
 * the SDK's `val()` gives it), `[key]` a child removed.
 */
export type ListChange = [key: string, value: unknown] | [key: string];

/**
 * From the page: follow the list node `path` as listen `id`, as the page's signed-in user `uid`
 * (null: nobody), or stop following it.
 */
export type ToListWorker =
  { type: 'listen'; id: number; path: string; uid: string | null } | { type: 'stop'; id: number };

/**
 * From the worker, for listen `id`: changes in the order they happened (the rows before the
 * list's value event first, in chunks), 'loaded' once every row present at the start was sent,
 * 'error' when the listen failed (e.g. PERMISSION_DENIED).
 */
export type FromListWorker =
  | { id: number; type: 'changes'; changes: ListChange[] }
  | { id: number; type: 'loaded' }
  | { id: number; type: 'error'; message: string; code?: string };
