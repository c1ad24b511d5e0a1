/**
 * The messages between the page and the list worker (listWorker.ts, listWorkerClient.ts).
 */
import type { StreamRow } from './eventStream';

/** Page to worker: follow the list at `url` as follow `id`; stop it; the token asked for. */
export type ToListWorker =
  | { type: 'follow'; id: number; url: string }
  | { type: 'stop'; id: number }
  | { type: 'token'; request: number; token: string | null };

/**
 * Worker to page: rows of follow `id` (`initial` rows come in several messages, the last with
 * `complete`), its end by an error, or a request for the current ID token of follow `id`'s user.
 */
export type FromListWorker =
  | {
      type: 'rows';
      id: number;
      upserts: StreamRow[];
      removals: string[];
      initial: boolean;
      complete: boolean;
    }
  | { type: 'error'; id: number; message: string; code: string }
  | { type: 'token'; id: number; request: number };

/**
 * Rows per message of a list's first rows: each message is copied into the page in a task of its
 * own, so the page's main thread never takes the whole list at once.
 */
export const INITIAL_ROWS_PER_MESSAGE = 1_000;
