/**
 * The page's side of the list worker (listWorker.ts): starts it on the first follow, routes its
 * messages to each follow's handlers, and answers its token requests from the follow's own
 * source (the page's Auth, which keeps the session and refreshes the token).
 */
import type { StreamRow } from './eventStream';
import { followList, ListStreamError } from './followList';
import type { FromListWorker, ToListWorker } from './messages';
import { inBackground } from '../steps';

/** Where a followed list's rows go; `initial` rows arrive in parts, the last `complete`. */
export interface ListFollower {
  onRows(rows: {
    upserts: StreamRow[];
    removals: string[];
    initial: boolean;
    complete: boolean;
  }): void;
  onError(error: ListStreamError): void;
  idToken(): Promise<string | null>;
}

/** Whether lists can be followed in the worker here: a browser with Web Workers. */
export function canFollowInWorker(): boolean {
  return typeof Worker === 'function';
}

let worker: Worker | undefined;
let nextId = 0;
const followers = new Map<number, ListFollower>();

function send(message: ToListWorker): void {
  worker?.postMessage(message);
}

function started(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./listWorker.ts', import.meta.url), {
    type: 'module',
    name: 'lists',
  });
  // A worker that cannot start (its script not loaded, refused by a Content-Security-Policy) or
  // fails: each list it followed says so (a load error with its retry), none waits silently.
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    worker?.terminate();
    worker = undefined;
    const failed = [...followers.values()];
    followers.clear();
    for (const follower of failed)
      follower.onError(
        new ListStreamError(
          `The list worker failed: ${event.message || 'not started'}`,
          'WORKER_FAILED',
        ),
      );
  };
  worker.onmessage = (event: MessageEvent<FromListWorker>) => {
    pending.push(event);
    if (pending.length === 1) inBackground(handleNext);
  };
  return worker;
}

/**
 * The worker's messages not handled yet, in order. Each is handled in a task of background
 * priority (shared/steps `inBackground`): a list's first rows come in dozens of messages, and
 * handled at the messages' own priority they ran back to back before the frame of a keystroke
 * typed meanwhile (docs/performance.md, "How a list reads"). A message's rows are read (copied
 * from the worker) when it is handled, not when it arrives.
 */
const pending: Array<MessageEvent<FromListWorker>> = [];

/** Handles the oldest pending message: rows and errors to their follow, tokens asked for. */
function handleNext(): void {
  const event = pending.shift();
  if (pending.length > 0) inBackground(handleNext);
  if (!event) return;
  const message = event.data;
  const follower = followers.get(message.id);
  if (message.type === 'token') {
    const reply = (token: string | null) =>
      send({ type: 'token', request: message.request, token });
    if (!follower) reply(null);
    else follower.idToken().then(reply, () => reply(null));
  } else if (!follower) return;
  else if (message.type === 'rows') follower.onRows(message);
  else {
    followers.delete(message.id);
    follower.onError(new ListStreamError(message.message, message.code));
  }
}

/**
 * Follows the list at `url` (its REST URL, see followList.ts) in the worker.
 * @returns the function that stops it
 */
export function followInWorker(url: string, follower: ListFollower): () => void {
  started();
  const id = nextId++;
  followers.set(id, follower);
  send({ type: 'follow', id, url });
  return () => {
    if (followers.delete(id)) send({ type: 'stop', id });
  };
}

/**
 * Follows the list at `url` in this thread (where there is no worker: Node, tests), with the
 * worker's code and the same calls to `follower` (the first rows in one part).
 * @returns the function that stops it
 */
export function followInThisThread(url: string, follower: ListFollower): () => void {
  const controller = new AbortController();
  void followList({
    url,
    idToken: () => follower.idToken(),
    signal: controller.signal,
    onChanges: (changes) => follower.onRows({ ...changes, complete: true }),
    onError: (error) => follower.onError(error),
  });
  return () => controller.abort();
}
