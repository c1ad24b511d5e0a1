/**
 * The page's side of the list worker (shared/listWorker.ts): one worker per page, started with
 * the first list followed through it, each list a listen id. Used by shared/rtdb.ts `watch` when
 * the browser has workers (not in Node or jsdom, where the SDK follows the list itself).
 */
import type { FromListWorker, ListChange, ToListWorker } from './listWorkerProtocol';

/** What a list followed in the worker reports, in order (see FromListWorker). */
export interface ListWorkerHandlers {
  /** Changes in the order they happened: `[key, value]` added or changed, `[key]` removed. */
  changes(changes: readonly ListChange[]): void;
  /** Every row present when the listen started has been given to `changes`. */
  loaded(): void;
  /** The listen failed (or the worker did); nothing follows. */
  error(error: Error): void;
}

let worker: Worker | undefined;
let nextId = 1;
const listens = new Map<number, ListWorkerHandlers>();

/** Whether lists can be followed in a worker here (a browser, not Node or jsdom). */
export function listWorkerAvailable(): boolean {
  return typeof Worker === 'function';
}

/** Starts the page's list worker now if it is not running (its code, Auth and connection). */
export function startListWorker(): void {
  theWorker();
}

/** The page's list worker, started on first use. */
function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./listWorker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data }: MessageEvent<FromListWorker>) => {
    const handlers = listens.get(data.id);
    if (!handlers) return;
    if (data.type === 'changes') handlers.changes(data.changes);
    else if (data.type === 'loaded') handlers.loaded();
    else {
      listens.delete(data.id);
      handlers.error(Object.assign(new Error(data.message), { code: data.code }));
    }
  };
  // A worker that failed to load or threw: every list it followed is reported failed.
  started.onerror = (event) => {
    const error = new Error(`List worker failed: ${event.message}`);
    const failed = [...listens.values()];
    listens.clear();
    worker = undefined;
    for (const handlers of failed) handlers.error(error);
  };
  worker = started;
  return started;
}

/**
 * Follows the Database node `path` in the list worker, as the page's user `uid` (the worker
 * waits until its own Auth has that user, see listWorker.ts).
 * @returns the function that stops following it.
 */
export function followInWorker(
  path: string,
  uid: string | null,
  handlers: ListWorkerHandlers,
): () => void {
  const id = nextId++;
  const target = theWorker();
  listens.set(id, handlers);
  const send = (message: ToListWorker) => target.postMessage(message);
  send({ type: 'listen', id, path, uid });
  return () => {
    if (!listens.delete(id)) return;
    send({ type: 'stop', id });
  };
}
