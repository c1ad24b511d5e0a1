/**
 * Follows one list location through the Realtime Database's REST streaming (eventStream.ts): the
 * whole list first, then every change, over one `fetch` whose body stays open. It reconnects
 * (with a fresh ID token) when the stream ends, fails on the network, or the server says
 * `auth_revoked` (an expired token: https://firebase.google.com/docs/reference/rest/database,
 * "Streaming from the REST API"), and a reconnection's whole list is reported as what differs.
 * Runs wherever `fetch` streams bodies: the list worker (listWorker.ts) and Node.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ListRows, type RowChanges } from './eventStream';

/** An error of a followed list; `code` 'PERMISSION_DENIED' as the Database SDK names a denial. */
export class ListStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** What {@link followList} needs. */
export interface FollowListOptions {
  /** The list's REST URL (`.../lists/students.json`, with `ns` on the emulator), without auth. */
  url: string;
  /** The signed-in user's current ID token (refreshed when expired), or null when signed out. */
  idToken(): Promise<string | null>;
  /**
   * Rows changed: `initial` once, with every row of the list; later, each event's changes.
   */
  onChanges(changes: RowChanges & { initial: boolean }): void;
  /** A failure that ends the follow (PERMISSION_DENIED: the rules refuse the read). */
  onError(error: ListStreamError): void;
  /** Aborting it stops the follow. */
  signal: AbortSignal;
  /** Waits before reconnecting, ms by attempt (default: 0.5 s doubling to 8 s). */
  retryDelayMs?(attempt: number): number;
}

/** How long a stream must have stayed open for its end to count as a first failure (ms). */
const STREAM_SERVED_MS = 30_000;

const denied = (url: string): ListStreamError =>
  new ListStreamError(
    `permission_denied at ${new URL(url).pathname.replace(/\.json$/, '')}: Client doesn't have permission to access the desired data.`,
    'PERMISSION_DENIED',
  );

/** Waits `ms`, or less when `signal` aborts; leaves no listener on `signal` behind. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows the list until `signal` aborts or an error ends it (reported through `onError`).
 * Network failures are retried, never reported: the list keeps what it has meanwhile.
 */
export async function followList(options: FollowListOptions): Promise<void> {
  const { url, signal } = options;
  const retryDelayMs = options.retryDelayMs ?? ((n: number) => Math.min(8_000, 500 * 2 ** n));
  const rows = new ListRows();
  let initial = true;
  let attempt = 0;
  while (!signal.aborted) {
    const token = await options.idToken();
    if (signal.aborted) return;
    const target = new URL(url);
    if (token !== null) target.searchParams.set('auth', token);
    let response: Response;
    try {
      response = await fetch(target, { headers: { Accept: 'text/event-stream' }, signal });
    } catch {
      if (signal.aborted) return;
      await sleep(retryDelayMs(attempt++), signal);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      options.onError(denied(url));
      return;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt++), signal);
      continue;
    }
    const openedAt = Date.now();
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let reconnect = false;
    try {
      while (!reconnect) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
        for (const event of events.splice(0)) {
          if (event.event === 'put' || event.event === 'patch') {
            const { path, data } = JSON.parse(event.data) as { path: string; data: unknown };
            const changes = event.event === 'put' ? rows.put(path, data) : rows.patch(path, data);
            if (initial || changes.upserts.length > 0 || changes.removals.length > 0)
              options.onChanges({ ...changes, initial });
            initial = false;
          } else if (event.event === 'cancel') {
            options.onError(denied(url));
            await reader.cancel();
            return;
          } else if (event.event === 'auth_revoked') {
            // The token expired: reconnect at once with a fresh one.
            reconnect = true;
          }
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    await reader.cancel().catch(() => undefined);
    // A stream that served a while starts the waits again; one that keeps ending at once (a
    // proxy that buffers, an overloaded server) waits longer each time.
    if (Date.now() - openedAt > STREAM_SERVED_MS) attempt = 0;
    if (!reconnect) await sleep(retryDelayMs(attempt++), signal);
  }
}

/**
 * The REST URL of `path` in the database at `databaseURL` (a FirebaseOptions `databaseURL`:
 * `https://<ns>.firebaseio.com`, a regional `https://<ns>.<region>.firebasedatabase.app`, or the
 * emulator's `http://host:port?ns=<ns>`); on the Database emulator at `emulator` (`host:port`)
 * when given, as `connectDatabaseEmulator` directs the SDK (the namespace in `ns`).
 */
export function restUrl(databaseURL: string, path: string, emulator?: string): string {
  const base = new URL(databaseURL);
  const ns = base.searchParams.get('ns') ?? base.hostname.split('.')[0]!;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  if (emulator) return `http://${emulator}/${encoded}.json?ns=${encodeURIComponent(ns)}`;
  const target = new URL(`/${encoded}.json`, base.origin);
  if (base.searchParams.has('ns')) target.searchParams.set('ns', ns);
  return target.toString();
}
