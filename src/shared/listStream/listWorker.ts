/**
 * The list worker: a dedicated Web Worker that follows the app's large lists through the
 * Realtime Database's REST streaming (followList.ts) and posts their rows to the page. The JSON
 * of a whole list (megabytes at 50,000 rows) is read and parsed here, off the page's main thread,
 * where the Database SDK would have held the main thread for about a second per list. Started by
 * listWorkerClient.ts; messages in messages.ts.
 */
import { followList } from './followList';
import { INITIAL_ROWS_PER_MESSAGE, type FromListWorker, type ToListWorker } from './messages';

/** The worker's global scope, as much of it as this file uses (the app compiles with DOM types). */
const scope = self as unknown as {
  postMessage(message: FromListWorker): void;
  onmessage: ((event: MessageEvent<ToListWorker>) => void) | null;
};

const follows = new Map<number, AbortController>();
const tokenRequests = new Map<number, (token: string | null) => void>();
let nextRequest = 0;

function post(message: FromListWorker): void {
  scope.postMessage(message);
}

/** The page's current ID token for follow `id` (the page's Auth holds the session). */
function idToken(id: number): Promise<string | null> {
  return new Promise((resolve) => {
    const request = nextRequest++;
    tokenRequests.set(request, resolve);
    post({ type: 'token', id, request });
  });
}

function follow(id: number, url: string): void {
  const controller = new AbortController();
  follows.set(id, controller);
  void followList({
    url,
    idToken: () => idToken(id),
    signal: controller.signal,
    onChanges({ upserts, removals, initial }) {
      if (!initial) {
        post({ type: 'rows', id, upserts, removals, initial, complete: true });
        return;
      }
      for (
        let start = 0;
        start === 0 || start < upserts.length;
        start += INITIAL_ROWS_PER_MESSAGE
      ) {
        const end = start + INITIAL_ROWS_PER_MESSAGE;
        post({
          type: 'rows',
          id,
          upserts: upserts.slice(start, end),
          removals: [],
          initial,
          complete: end >= upserts.length,
        });
      }
    },
    onError(error) {
      follows.delete(id);
      post({ type: 'error', id, message: error.message, code: error.code });
    },
  });
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'follow') follow(message.id, message.url);
  else if (message.type === 'stop') {
    follows.get(message.id)?.abort();
    follows.delete(message.id);
  } else {
    tokenRequests.get(message.request)?.(message.token);
    tokenRequests.delete(message.request);
  }
};
