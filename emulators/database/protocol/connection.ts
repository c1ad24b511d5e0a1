/**
 * One client WebSocket: handshake, control messages and the data actions of
 * `core/PersistentConnection.ts` (rtdb-wire-protocol.md §3–§4, §10).
 *
 * Every request gets exactly one response; a malformed message gets an error (`e` control
 * message if it has no request number) and never closes the socket or changes data.
 */
import type { Namespace, WriteStatus } from '../namespace.js';
import {
  ANONYMOUS,
  InvalidTokenError,
  type Principal,
  applyOverride,
  principalFromCredential,
} from '../rules/auth.js';
import { hashNode } from '../tree/hash.js';
import { exportText } from '../tree/node.js';
import { InvalidInputError, isPrefix, parsePath } from '../tree/path.js';
import { isFiltering, missingIndex, parseWireQuery, queryResultNode } from '../tree/query.js';
import type { Write } from '../tree/view.js';
import { FrameAssembler, FrameError, MAX_FRAME_SIZE, splitFrames } from './frames.js';
import { type PushTarget, type Subscription, pushFrame } from './subscriptions.js';

/** The transport a connection talks through (a `ws` socket or a long-poll session). */
export interface Transport {
  send(text: string): void;
  /**
   * Closes the transport. With `error` (a protocol violation), frames already sent still reach
   * the client, and a WebSocket closes with `error.closeCode`.
   */
  close(error?: FrameError): void;
}

interface DisconnectOp {
  kind: 'set' | 'merge';
  path: string[];
  data: unknown;
}

interface Listen {
  sub: Subscription;
  rawQuery: unknown;
}

type Body = Record<string, unknown>;

/** Writes of one connection acknowledged together once `batch` (journal.ts) is durable. */
interface AckGroup {
  batch: Promise<void>;
  /** Request numbers, in the order the writes were applied. */
  requests: number[];
}

/** Sorted-key JSON of a query object: how the client identifies a query (`ObjectToUniqueKey`). */
function queryKey(q: unknown): string {
  if (q === null || typeof q !== 'object') return '{}';
  const o = q as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 0) return '{}';
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, o[k]])));
}

/** Whether `v` is a value with at least one enumerable key (without listing them: a hot path). */
function hasKeys(v: unknown): boolean {
  if (!v) return false;
  for (const _ in v as object) return true;
  return false;
}

/** Server-wide services a connection needs. */
export interface ConnectionHost {
  log(line: string): void;
  /**
   * With a data directory: resolves once every write applied so far is fsynced (journal.ts);
   * a write is acknowledged only then.
   */
  whenDurable?(): Promise<void>;
}

let sessionCounter = 0;

/** State and request handling of one client. */
export class ClientConnection implements PushTarget {
  private readonly assembler = new FrameAssembler();
  private principal: Principal = ANONYMOUS;
  private readonly listens = new Map<string, Listen>();
  private disconnectOps: DisconnectOp[] = [];
  private closed = false;
  /**
   * The writes waiting for the journal batch being collected (`--data-dir`): one promise
   * reaction per batch and connection answers them all, in order, instead of one per write.
   */
  private ackGroup: AckGroup | undefined;
  /** Set after a framing violation: the transport is closing, further frames are ignored. */
  private failed = false;
  /** Called for the `n` (end transmission) control message of a long-poll upgrade. */
  onEndTransmission: (() => void) | undefined;

  constructor(
    private transport: Transport,
    readonly ns: Namespace,
    private readonly host: ConnectionHost,
    hostHeader: string,
  ) {
    // Handshake: the server speaks first; `h` is where non-emulator-mode clients reconnect.
    const s = `s${++sessionCounter}`;
    this.sendControl('h', { ts: Date.now(), v: '5', h: hostHeader, s });
  }

  sendFrame(text: string): void {
    if (this.closed) return;
    if (text.length <= MAX_FRAME_SIZE) this.transport.send(text);
    else for (const part of splitFrames(text)) this.transport.send(part);
  }

  /** Sends a control message (also used by the long-poll upgrade). */
  sendControl(t: string, d: unknown): void {
    this.sendFrame(JSON.stringify({ t: 'c', d: { t, d } }));
  }

  /** Answers request `r` with status `s` (a constant without characters JSON escapes). */
  private respond(r: number, s: string, d: unknown): void {
    this.respondJson(r, s, d === '' ? '""' : JSON.stringify(d));
  }

  /** {@link respond} with the payload already as JSON text. */
  private respondJson(r: number, s: string, json: string): void {
    // The envelope as a template: only the payload needs JSON.stringify (a hot path).
    this.sendFrame(`{"t":"d","d":{"r":${r},"b":{"s":"${s}","d":${json}}}}`);
  }

  /**
   * Feeds one incoming text frame. A frame sequence over the size limits (see `frames.ts`) gets
   * an `e` control message and closes the connection; later frames are ignored.
   *
   * @param bytes UTF-8 size of `frame` when known (the received buffer's length)
   */
  onFrame(frame: string, bytes?: number): void {
    if (this.closed || this.failed) return;
    let text: string | null;
    try {
      text = this.assembler.push(frame, bytes);
    } catch (err) {
      if (!(err instanceof FrameError)) throw err;
      this.sendControl('e', err.message);
      this.failed = true;
      this.transport.close(err);
      return;
    }
    if (text === null) return;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.sendControl('e', 'Malformed frame: not JSON');
      return;
    }
    const env = msg as { t?: unknown; d?: unknown } | null;
    if (!env || typeof env !== 'object' || typeof env.d !== 'object' || env.d === null) {
      this.sendControl('e', 'Malformed frame: expected {t, d}');
      return;
    }
    const inner = env.d as Body;
    if (env.t === 'c') {
      if (inner.t === 'p') this.sendControl('o', {});
      else if (inner.t === 'n') this.onEndTransmission?.();
      return;
    }
    if (env.t !== 'd') {
      this.sendControl('e', 'Malformed frame: unknown envelope type');
      return;
    }
    const r = inner.r;
    const action = inner.a;
    const body = (inner.b ?? {}) as Body;
    if (
      typeof r !== 'number' ||
      typeof action !== 'string' ||
      typeof body !== 'object' ||
      body === null
    ) {
      if (typeof r === 'number') this.respond(r, 'invalid_request', 'Malformed request');
      else this.sendControl('e', 'Malformed request: missing r or a');
      return;
    }
    try {
      this.handle(r, action, body);
    } catch (err) {
      if (err instanceof InvalidInputError) this.respond(r, 'invalid_data', err.message);
      else {
        this.host.log(
          `database: internal error on ${action}: ${(err as Error).stack ?? String(err)}`,
        );
        this.respond(r, 'internal_error', 'Internal error');
      }
    }
  }

  private handle(r: number, action: string, b: Body): void {
    switch (action) {
      case 's':
      case 'appcheck':
      case 'unappeck':
        return this.respond(r, 'ok', '');
      case 'auth':
      case 'gauth':
        return this.authenticate(r, b);
      case 'unauth':
        this.principal = ANONYMOUS;
        this.respond(r, 'ok', 'unauthenticated');
        return this.recheckListens();
      case 'q':
      case 'l':
        return this.listen(r, b);
      case 'n':
        return this.unlisten(r, b);
      case 'g':
        return this.get(r, b);
      case 'p':
        return this.put(r, b);
      case 'm':
        return this.merge(r, b);
      case 'o':
      case 'om':
        return this.queueDisconnect(r, action === 'o' ? 'set' : 'merge', b);
      case 'oc':
        return this.cancelDisconnect(r, b);
      default:
        return this.respond(r, 'invalid_action', `Unknown action ${JSON.stringify(action)}`);
    }
  }

  private authenticate(r: number, b: Body): void {
    let principal: Principal;
    try {
      principal = applyOverride(principalFromCredential(b.cred), b.authvar, b.noauth);
    } catch (err) {
      if (err instanceof InvalidTokenError) return this.respond(r, 'invalid_token', err.message);
      throw err;
    }
    this.principal = principal;
    this.respond(r, 'ok', principal.admin ? {} : { auth: principal.auth?.token ?? null });
    this.recheckListens();
  }

  private pathOf(b: Body, allowPriority = false): string[] {
    if (typeof b.p !== 'string') throw new InvalidInputError('Missing path');
    return parsePath(b.p, allowPriority);
  }

  private listen(r: number, b: Body): void {
    const path = this.pathOf(b);
    const query = parseWireQuery(b.q);
    const tagged = isFiltering(query);
    if (tagged && typeof b.t !== 'number') throw new InvalidInputError('Tagged query without tag');
    if (!this.ns.canRead(this.principal, path, query)) {
      return this.respond(r, 'permission_denied', 'Permission denied');
    }
    const id = b.p + '|' + queryKey(b.q);
    const old = this.listens.get(id);
    if (old) this.ns.subs.remove(old.sub);
    const sub: Subscription = {
      id,
      target: this,
      path,
      query,
      tag: tagged ? (b.t as number) : undefined,
    };
    this.listens.set(id, { sub, rawQuery: b.q });
    this.ns.subs.add(sub);
    const node = this.ns.store.get(path);
    if (tagged) {
      const json = exportText(queryResultNode(node, query));
      sub.lastJson = json;
      this.sendFrame(pushFrame('d', path, json, sub.tag));
    } else if (typeof b.h !== 'string' || b.h === '' || b.h !== hashNode(node)) {
      // Equal hashes mean the client's cache is current; otherwise send the data first.
      this.sendFrame(pushFrame('d', path, exportText(node)));
    }
    // As production does, warn (the SDK logs "Using an unspecified index") when a filtering
    // query orders by a child or value that `.indexOn` does not declare; the data is served.
    const unindexed = tagged && missingIndex(query.index, this.ns.ruleset().indexOn(path));
    this.respondJson(r, 'ok', unindexed ? '{"w":["no_index"]}' : '{}');
  }

  private unlisten(r: number, b: Body): void {
    const id = String(b.p) + '|' + queryKey(b.q);
    const l = this.listens.get(id);
    if (l) {
      this.ns.subs.remove(l.sub);
      this.listens.delete(id);
    }
    this.respondJson(r, 'ok', '{}');
  }

  /** Cancels listens that the current auth/rules no longer allow (push `c`). */
  recheckListens(): void {
    for (const [id, l] of this.listens) {
      if (this.ns.canRead(this.principal, l.sub.path, l.sub.query)) continue;
      this.ns.subs.remove(l.sub);
      this.listens.delete(id);
      const body: Body = { p: '/' + l.sub.path.join('/') };
      if (l.sub.tag !== undefined) body.q = [l.rawQuery];
      this.sendFrame(JSON.stringify({ t: 'd', d: { a: 'c', b: body } }));
    }
  }

  private get(r: number, b: Body): void {
    const path = this.pathOf(b);
    const query = parseWireQuery(hasKeys(b.q) ? b.q : undefined);
    if (!this.ns.canRead(this.principal, path, query))
      return this.respond(r, 'permission_denied', 'Permission denied');
    this.respondJson(r, 'ok', exportText(queryResultNode(this.ns.store.get(path), query)));
  }

  private put(r: number, b: Body): void {
    const path = this.pathOf(b, true);
    if (!('d' in b)) throw new InvalidInputError('Missing data');
    const now = Date.now();
    const write = this.ns.store.prepareWrite(path, b.d, now);
    const hash = typeof b.h === 'string' ? b.h : undefined;
    this.finishWrite(r, this.ns.write(this.principal, [write], now, undefined, hash));
  }

  private merge(r: number, b: Body): void {
    const path = this.pathOf(b);
    const now = Date.now();
    const writes = this.ns.store.prepareMerge(path, b.d, now);
    if (writes.length === 0) return this.respond(r, 'ok', '');
    this.finishWrite(r, this.ns.write(this.principal, writes, now, path));
  }

  private finishWrite(r: number, status: WriteStatus): void {
    if (status === 'ok' && this.host.whenDurable) {
      const batch = this.host.whenDurable();
      const group = this.ackGroup;
      if (group !== undefined && group.batch === batch) group.requests.push(r);
      else {
        const next: AckGroup = { batch, requests: [r] };
        this.ackGroup = next;
        batch.then(
          () => this.acknowledge(next, true),
          () => this.acknowledge(next, false),
        );
      }
    } else if (status === 'ok') this.respond(r, 'ok', '');
    else if (status === 'datastale')
      this.respond(r, 'datastale', 'Transaction hash does not match');
    else this.respond(r, 'permission_denied', 'Permission denied');
  }

  /** Answers the writes of `group` once its journal batch is on disk (or failed to be). */
  private acknowledge(group: AckGroup, durable: boolean): void {
    if (this.ackGroup === group) this.ackGroup = undefined;
    for (const r of group.requests) {
      if (durable) this.respondJson(r, 'ok', '""');
      else this.respond(r, 'internal_error', 'Write not persisted');
    }
  }

  private prepare(op: DisconnectOp, now: number): Write[] {
    return op.kind === 'set'
      ? [this.ns.store.prepareWrite(op.path, op.data, now)]
      : this.ns.store.prepareMerge(op.path, op.data, now);
  }

  private queueDisconnect(r: number, kind: 'set' | 'merge', b: Body): void {
    const op: DisconnectOp = { kind, path: this.pathOf(b, kind === 'set'), data: b.d };
    const now = Date.now();
    // Validate the data now (so bad input is refused at once) and check rules when queued.
    const writes = this.prepare(op, now);
    if (writes.length && !this.ns.canWrite(this.principal, writes, now))
      return this.respond(r, 'permission_denied', 'Permission denied');
    this.disconnectOps.push(op);
    this.respond(r, 'ok', '');
  }

  private cancelDisconnect(r: number, b: Body): void {
    const path = this.pathOf(b);
    this.disconnectOps = this.disconnectOps.filter((op) => !isPrefix(path, op.path));
    this.respond(r, 'ok', '');
  }

  /** Called when the transport closes: drops listens and runs onDisconnect ops in order. */
  onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const l of this.listens.values()) this.ns.subs.remove(l.sub);
    this.listens.clear();
    const ops = this.disconnectOps;
    this.disconnectOps = [];
    for (const op of ops) {
      try {
        const now = Date.now();
        const writes = this.prepare(op, now);
        if (!writes.length) continue;
        // Re-checked with the connection's auth: rules or data may have changed since queueing.
        const status = this.ns.write(
          this.principal,
          writes,
          now,
          op.kind === 'merge' ? op.path : undefined,
        );
        if (status !== 'ok')
          this.host.log(`database: onDisconnect at /${op.path.join('/')} ${status}`);
      } catch (err) {
        this.host.log(
          `database: onDisconnect at /${op.path.join('/')} failed: ${(err as Error).message}`,
        );
      }
    }
  }

  /** Moves the connection to another transport (long poll → WebSocket upgrade). */
  replaceTransport(t: Transport): void {
    this.transport = t;
  }

  /** Closes the transport (server shutdown). */
  close(): void {
    this.transport.close();
  }
}
