/**
 * REST API (https://firebase.google.com/docs/reference/rest/database): GET/PUT/PATCH/POST/DELETE
 * on `/<path>.json`, with `ns`, `auth` / `access_token` / `Authorization: Bearer`, `print`, `format=export`,
 * `shallow`, `orderBy` + range/limit parameters, ETags; errors as `{"error": "<text>"}` with
 * Firebase's status codes (400 bad input, 401 denied or bad token, 404, 405, 412, 413); a GET with
 * `Accept: text/event-stream` streams the location's changes (eventStream.ts).
 * Writes go through {@link Namespace.write}, so rules and listener pushes are the same as for
 * WebSocket clients.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Namespace } from './namespace.js';
import type { FunctionTriggers } from './functionTriggers.js';
import {
  ANONYMOUS,
  InvalidTokenError,
  type Principal,
  principalFromCredential,
} from './rules/auth.js';
import { openEventStream, wantsEventStream } from './eventStream.js';
import { hashNode } from './tree/hash.js';
import { Branch, type DataNode, nodeToJSON } from './tree/node.js';
import { MAX_NAME, MIN_NAME, type Index } from './tree/ordering.js';
import { InvalidInputError, isValidKey, parsePath } from './tree/path.js';
import { nextPushId } from './tree/push-id.js';
import { type QuerySpec, isFiltering, missingIndex, queryResultNode } from './tree/query.js';

/** Largest accepted request body (Firebase REST limit: 256 MB per write). */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

/** An error answered as `{"error": message}` with `status`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the REST handler needs from the server. */
export interface RestHost {
  namespace(name: string): Namespace;
  namespaceFor(url: URL, hostHeader: string | undefined): string;
  /** Current rules file text and a setter (for `/.settings/rules.json`). */
  rulesText(): string;
  setRules(text: string): void;
  /** The Cloud Functions triggers (for `/.settings/functionTriggers.json`). */
  functionTriggers(): FunctionTriggers;
  /** With a data directory: resolves once the writes applied so far are fsynced (journal.ts). */
  whenDurable?(): Promise<void>;
  /** Largest request body in bytes; undefined = {@link MAX_BODY_BYTES}. */
  maxBodyBytes?(): number | undefined;
}

/**
 * Reads a request body as UTF-8 text, refusing it before buffering more than `limit` bytes: a
 * larger `Content-Length` is refused without reading, and a streamed body as soon as the bytes
 * received pass the limit (what was kept is released). The request is not destroyed: the server
 * discards the rest after the 413 is written (early-response.ts), so the client reads the status.
 *
 * @throws RestError 413 when the body is larger than `limit`
 */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new RestError(413, 'Request body too large'));
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > limit) {
        chunks = [];
        req.off('data', onData);
        reject(new RestError(413, 'Request body too large'));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The caller of a REST request, from the first credential given of: `?auth=` (ID token or legacy
 * secret), `?access_token=` (the OAuth form: firebase-tools and the REST docs' "authenticate with
 * an access token"; the official emulator accepts it too) and `Authorization: Bearer`. Each takes
 * `owner` (admin) or an ID token, decoded as for WebSocket clients; none = anonymous.
 *
 * @throws RestError 401 for a credential that is neither
 */
function principalOf(req: IncomingMessage, url: URL): Principal {
  const header = req.headers.authorization;
  const token =
    url.searchParams.get('auth') ??
    url.searchParams.get('access_token') ??
    (header?.startsWith('Bearer ') ? header.slice(7) : null);
  if (token === null) return ANONYMOUS;
  try {
    return principalFromCredential(token);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new RestError(401, 'Could not parse auth token.');
    throw err;
  }
}

/** Parses a bound parameter: a JSON value, optionally followed by `,"<key>"`. */
function parseBound(raw: string, name: string): { value: unknown; key?: string } {
  try {
    const arr = JSON.parse(`[${raw}]`) as unknown[];
    if (arr.length === 1) return { value: arr[0] };
    if (arr.length === 2 && typeof arr[1] === 'string') return { value: arr[0], key: arr[1] };
  } catch {
    // fall through
  }
  throw new RestError(400, `${name} must be a valid JSON value`);
}

function parseLimit(raw: string | null, name: string): number | undefined {
  if (raw === null) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new RestError(400, `${name} must be a positive integer`);
  return n;
}

/** Builds the query of a REST GET (https://firebase.google.com/docs/database/rest/retrieve-data). */
export function parseRestQuery(params: URLSearchParams, shallow: boolean): QuerySpec {
  const orderByRaw = params.get('orderBy');
  const first = parseLimit(params.get('limitToFirst'), 'limitToFirst');
  const last = parseLimit(params.get('limitToLast'), 'limitToLast');
  if (first !== undefined && last !== undefined)
    throw new RestError(400, 'limitToFirst and limitToLast cannot both be set');
  const names = ['startAt', 'startAfter', 'endAt', 'endBefore', 'equalTo'] as const;
  const given = names.filter((n) => params.has(n));
  let index: Index = { kind: 'priority' };
  if (orderByRaw === null) {
    if (given.length || first !== undefined || last !== undefined) {
      // firebase-tools' recursive delete sends shallow + limitToFirst + raw startAfter: key order.
      if (!shallow)
        throw new RestError(400, 'orderBy must be defined when other query parameters are defined');
      index = { kind: 'key' };
    }
  } else {
    let ob: unknown;
    try {
      ob = JSON.parse(orderByRaw);
    } catch {
      throw new RestError(400, 'orderBy must be a valid JSON encoded path');
    }
    if (typeof ob !== 'string') throw new RestError(400, 'orderBy must be a string');
    if (ob === '$key') index = { kind: 'key' };
    else if (ob === '$value') index = { kind: 'value' };
    else if (ob === '$priority') index = { kind: 'priority' };
    else {
      const path = ob.split('/').filter((s) => s !== '');
      if (!path.length || !path.every(isValidKey))
        throw new RestError(400, 'orderBy must be a valid path');
      index = { kind: 'child', path };
    }
  }
  const spec: QuerySpec = { index, fromLeft: last === undefined, limit: first ?? last };
  for (const name of given) {
    const raw = params.get(name)!;
    let bound: { value: unknown; key?: string };
    if (orderByRaw === null) bound = { value: raw.replace(/^"(.*)"$/, '$1') };
    else bound = parseBound(raw, name);
    const v = bound.value;
    if (!(v === null || ['string', 'number', 'boolean'].includes(typeof v)))
      throw new RestError(400, `${name} must be a primitive`);
    const value = v as null | string | number | boolean;
    if (name === 'startAt' || name === 'equalTo')
      spec.start = { value, key: bound.key ?? MIN_NAME, inclusive: true };
    if (name === 'startAfter') spec.start = { value, key: bound.key ?? MAX_NAME, inclusive: false };
    if (name === 'endAt' || name === 'equalTo')
      spec.end = { value, key: bound.key ?? MAX_NAME, inclusive: true };
    if (name === 'endBefore') spec.end = { value, key: bound.key ?? MIN_NAME, inclusive: false };
    if (index.kind === 'key' && name === 'startAfter')
      spec.start = { value, key: MIN_NAME, inclusive: false };
    if (index.kind === 'key' && name === 'endBefore')
      spec.end = { value, key: MAX_NAME, inclusive: false };
  }
  if (spec.limit === undefined) delete spec.limit;
  return spec;
}

function shallowJSON(node: DataNode | null): unknown {
  if (!(node instanceof Branch)) return nodeToJSON(node, false);
  const out: Record<string, true> = {};
  for (const k of node.children.keys()) out[k] = true;
  return out;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  pretty = false,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, pretty ? 2 : undefined);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(text);
}

/**
 * Handles one REST request (the caller routes `/.ws` and `/.lp` elsewhere).
 * Never throws: every failure becomes a JSON error response.
 */
export async function handleRest(
  host: RestHost,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const pretty = url.searchParams.get('print') === 'pretty';
  try {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Firebase-ETag, If-Match',
      });
      res.end();
      return;
    }
    const principal = principalOf(req, url);
    if (url.pathname === '/.settings/rules.json' || url.pathname === '/.settings/rules') {
      if (!principal.admin) throw new RestError(401, 'Permission denied');
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(host.rulesText());
        return;
      }
      if (req.method === 'PUT') {
        try {
          host.setRules(await readBody(req, host.maxBodyBytes?.() ?? MAX_BODY_BYTES));
        } catch (err) {
          if (err instanceof RestError) throw err;
          throw new RestError(400, (err as Error).message);
        }
        return send(res, 200, { status: 'ok' }, pretty);
      }
      throw new RestError(405, 'Method not allowed');
    }
    if (url.pathname === '/.settings/functionTriggers.json') {
      if (!principal.admin) throw new RestError(401, 'Permission denied');
      const triggers = host.functionTriggers();
      if (req.method === 'GET') return send(res, 200, triggers.list(), pretty);
      if (req.method === 'DELETE') {
        triggers.clear();
        return send(res, 200, null, pretty);
      }
      if (req.method === 'POST') {
        const text = await readBody(req, host.maxBodyBytes?.() ?? MAX_BODY_BYTES);
        try {
          triggers.register(JSON.parse(text));
        } catch (err) {
          throw new RestError(400, (err as Error).message);
        }
        return send(res, 200, { status: 'ok' }, pretty);
      }
      throw new RestError(405, 'Method not allowed');
    }
    if (url.pathname === '/.settings/functionTriggerQueue.json') {
      // The events not yet handled by their functions; `wait=true` answers once every event
      // queued before the request is handled, so a test knows its writes so far have been seen
      // by their triggers.
      if (!principal.admin) throw new RestError(401, 'Permission denied');
      const triggers = host.functionTriggers();
      if (url.searchParams.get('wait') === 'true') await triggers.whenHandled();
      return send(res, 200, { pending: triggers.pending, ...triggers.counts }, pretty);
    }
    if (!url.pathname.endsWith('.json'))
      throw new RestError(404, 'Not found: REST paths end in .json');
    let path: string[];
    try {
      path = parsePath(decodeURIComponent(url.pathname.slice(0, -5)), true);
    } catch (err) {
      throw new RestError(400, (err as Error).message);
    }
    const ns = host.namespace(host.namespaceFor(url, req.headers.host));
    const silent = url.searchParams.get('print') === 'silent';
    const reply = (status: number, body: unknown, headers?: Record<string, string>): void => {
      if (silent) {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        res.end();
      } else send(res, status, body, pretty, headers);
    };
    const wantEtag = req.headers['x-firebase-etag'] === 'true';
    const ifMatch = req.headers['if-match'];
    const checkEtag = (): void => {
      if (
        typeof ifMatch === 'string' &&
        ifMatch !== hashNode(ns.store.get(path)) &&
        ifMatch !== 'null_etag'
      )
        throw new RestError(412, 'ETag mismatch');
    };
    const now = Date.now();
    switch (req.method) {
      case 'GET': {
        const shallow = url.searchParams.get('shallow') === 'true';
        const query = parseRestQuery(url.searchParams, shallow);
        if (!ns.canRead(principal, path, query)) throw new RestError(401, 'Permission denied');
        const unindexed =
          url.searchParams.has('orderBy') && missingIndex(query.index, ns.ruleset().indexOn(path));
        if (unindexed)
          throw new RestError(
            400,
            `Index not defined, add ".indexOn": "${unindexed}", for path "/${path.join('/')}", to the rules`,
          );
        if (wantsEventStream(req)) return openEventStream(ns, path, query, req, res);
        const node = ns.store.get(path);
        const result = isFiltering(query) ? queryResultNode(node, query) : node;
        const body = shallow
          ? shallowJSON(result)
          : nodeToJSON(result, url.searchParams.get('format') === 'export');
        return reply(200, body, wantEtag ? { ETag: hashNode(node) || 'null_etag' } : undefined);
      }
      case 'PUT':
      case 'POST':
      case 'PATCH':
      case 'DELETE': {
        let body: unknown = null;
        if (req.method !== 'DELETE') {
          const text = await readBody(req, host.maxBodyBytes?.() ?? MAX_BODY_BYTES);
          try {
            body = JSON.parse(text);
          } catch {
            throw new RestError(400, "Invalid data; couldn't parse JSON object, array, or value.");
          }
        }
        checkEtag();
        let writes;
        let mergeBase: string[] | undefined;
        let result: unknown;
        try {
          if (req.method === 'PATCH') {
            writes = ns.store.prepareMerge(path, body, now);
            mergeBase = path;
          } else if (req.method === 'POST') {
            const id = nextPushId(now);
            writes = [ns.store.prepareWrite([...path, id], body, now)];
            result = { name: id };
          } else writes = [ns.store.prepareWrite(path, body, now)];
        } catch (err) {
          if (err instanceof InvalidInputError) throw new RestError(400, err.message);
          throw err;
        }
        if (writes.length) {
          const disableTriggers = url.searchParams.get('disableTriggers') === 'true';
          const status = ns.write(principal, writes, now, mergeBase, undefined, disableTriggers);
          if (status !== 'ok') throw new RestError(401, 'Permission denied');
          // Answered only once the write is on disk (with a data directory).
          if (host.whenDurable) {
            try {
              await host.whenDurable();
            } catch {
              throw new RestError(500, 'Write not persisted');
            }
          }
        }
        // The echo of the written data is built only when it is sent (not with print=silent,
        // which imports use: their chunks are megabytes).
        if (req.method === 'PUT' && !silent) result = nodeToJSON(writes[0]!.node, false);
        if (req.method === 'PATCH' && !silent) {
          const out: Record<string, unknown> = {};
          for (const w of writes)
            out[w.path.slice(path.length).join('/')] = nodeToJSON(w.node, false);
          result = out;
        }
        if (req.method === 'DELETE') result = null;
        return reply(
          200,
          result,
          wantEtag ? { ETag: hashNode(ns.store.get(path)) || 'null_etag' } : undefined,
        );
      }
      default:
        throw new RestError(405, 'Method not allowed');
    }
  } catch (err) {
    if (err instanceof RestError) return send(res, err.status, { error: err.message }, pretty);
    send(res, 500, { error: 'Internal error' }, pretty);
  }
}
