/**
 * The REST API's streaming (https://firebase.google.com/docs/reference/rest/database, "Streaming
 * from the REST API"): a `GET /<path>.json` with `Accept: text/event-stream` stays open as
 * Server-Sent Events. The first event is a `put` of the whole value at path "/"; every later
 * change under the location is a `put` (replace the value at `path`) or a `patch` (replace each
 * key of `data` under `path`), with `path` relative to the request's; `keep-alive` events keep
 * idle connections open. Data is sent as REST's plain JSON (no priorities). Each event's `data`
 * is one line of JSON: `{"path": "/a/b", "data": ...}`.
 *
 * The stream is one more listen of the namespace (protocol/subscriptions.ts): the pushes a
 * WebSocket listen of the same path and query would get, rewritten as events, so rules, triggers
 * and every write path reach it alike. Like the Firebase emulators, it does not end a stream when
 * the ID token expires (production sends `auth_revoked` then; web clients must handle it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Namespace } from './namespace.js';
import type { PushTarget, Subscription } from './protocol/subscriptions.js';
import { exportText, nodeToJSON, plainOfExport } from './tree/node.js';
import { type QuerySpec, isFiltering, queryResultNode } from './tree/query.js';

/** How often an idle stream gets a `keep-alive` event (ms), as Google's server sends them. */
export const KEEP_ALIVE_MS = 30_000;

/** Whether a request asks for a stream (its Accept header names `text/event-stream`). */
export function wantsEventStream(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/event-stream');
}

/** One Server-Sent Event: `event: <name>` and its one-line data. */
function eventText(name: string, data: string): string {
  return `event: ${name}\ndata: ${data}\n\n`;
}

/** `/a/b` for the path segments ['a', 'b'] (`/` for none), as the events name locations. */
function relativePath(segments: readonly string[]): string {
  return '/' + segments.join('/');
}

/**
 * Rewrites the listen's pushes (protocol/subscriptions.ts `pushFrame` envelopes: `d` sets and
 * `m` merges, at or below the listen's path) as `put` and `patch` events.
 */
class EventStreamTarget implements PushTarget {
  constructor(
    private readonly res: ServerResponse,
    private readonly depth: number,
  ) {}

  sendFrame(text: string): void {
    const frame = JSON.parse(text) as { d: { a: string; b: { p: string; d: unknown } } };
    const { a: action, b: body } = frame.d;
    const segments = body.p === '' ? [] : body.p.split('/');
    const path = relativePath(segments.slice(this.depth));
    if (action === 'd') {
      this.res.write(eventText('put', JSON.stringify({ path, data: plainOfExport(body.d) })));
      return;
    }
    // A merge's keys are paths relative to its location; `patch` replaces each key as given.
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body.d as Record<string, unknown>))
      data[key] = plainOfExport(value);
    this.res.write(eventText('patch', JSON.stringify({ path, data })));
  }
}

/**
 * Answers a streaming GET: 200 with the `put` of the current value (the query's result for a
 * filtering query), then the changes until the client disconnects. The caller has checked that
 * `principal` may read the location.
 */
export function openEventStream(
  ns: Namespace,
  path: string[],
  query: QuerySpec,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'Access-Control-Allow-Origin': '*',
  });
  const tagged = isFiltering(query);
  const sub: Subscription = {
    // Path and query: listens with equal ids share one computed result per write
    // (subscriptions.ts), so two streams of one location with different queries must differ.
    id: `sse|${path.join('/')}|${JSON.stringify(query)}`,
    target: new EventStreamTarget(res, path.length),
    path,
    query,
    // Any tag: the events carry none; it only makes the index treat the listen as a query.
    tag: tagged ? 1 : undefined,
  };
  const node = ns.store.get(path);
  const value = tagged ? queryResultNode(node, query) : node;
  // A query's pushes are skipped while its result is unchanged.
  if (tagged) sub.lastJson = exportText(value);
  res.write(eventText('put', JSON.stringify({ path: '/', data: nodeToJSON(value, false) })));
  ns.subs.add(sub);
  const keepAlive = setInterval(() => res.write(eventText('keep-alive', 'null')), KEEP_ALIVE_MS);
  keepAlive.unref();
  const close = (): void => {
    clearInterval(keepAlive);
    ns.subs.remove(sub);
  };
  req.once('close', close);
  res.once('close', close);
}
