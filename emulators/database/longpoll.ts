/**
 * Minimal JSONP long-polling transport (`/.lp`), so a browser that starts with long polling
 * (after `firebase:previous_websocket_failure` was set, rtdb-wire-protocol.md §3) still connects
 * and then upgrades to WebSocket. Client side: `realtime/BrowserPollConnection.ts`,
 * `realtime/polling/PacketReceiver.ts`, upgrade in `realtime/Connection.ts`.
 *
 * - `?start=t&cb=<n>` opens a session: the answer calls `pLPCommand<n>('start', id, pw)` and
 *   delivers the handshake as packet 0 through `pRTLPCB<n>(0, [...])`.
 * - `?id&pw&ser[&seg<i>&ts<i>&d<i>]…` polls: client data arrives as web-safe base64 segments;
 *   the request is held until the server has messages (or 20 s) and answered with the next packet.
 * - `?dframe=t&id&pw` is the disconnect frame: held open; the client closing it ends the session.
 * - A WebSocket opened with `s=<id>` is the upgrade: pings get pongs; when the client sends `n`
 *   on the poll, the server answers `n` there and moves the connection to the socket.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Namespace } from './namespace.js';
import { ClientConnection, type ConnectionHost, type Transport } from './protocol/connection.js';
import { MAX_MESSAGE_BYTES } from './protocol/frames.js';

/** How long a poll is held open without data (the client re-polls after 25 s). */
const HOLD_MS = 20_000;
/** A session without polls for this long is closed (its onDisconnect ops run). */
const IDLE_MS = 60_000;
/**
 * Most client data a session holds before it can deliver it (segments waiting for earlier ones,
 * frames sent on the socket before the upgrade completes), in characters: one message of
 * {@link MAX_MESSAGE_BYTES} in base64. Above it the session is ended.
 */
const MAX_HELD_CHARS = Math.ceil(MAX_MESSAGE_BYTES / 3) * 4;

/** What the long-poll handler needs from the server. */
export interface LongPollHost extends ConnectionHost {
  namespaceOf(req: IncomingMessage): Namespace;
  attach(conn: ClientConnection): void;
  detach(conn: ClientConnection): void;
}

class Session {
  readonly id = randomBytes(8).toString('hex');
  readonly pw = randomBytes(8).toString('hex');
  readonly conn: ClientConnection;
  private queue: string[] = [];
  private packet = 0;
  private held: ServerResponse | undefined;
  private holdTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly segments = new Map<number, { total: number; data: string }>();
  /** Characters of data in {@link segments}. */
  private heldChars = 0;
  /** The open request of the client's disconnect frame, answered when the session ends. */
  private disconnectFrame: ServerResponse | undefined;
  private nextSegment = 0;
  upgraded = false;
  closed = false;

  constructor(
    readonly cb: string,
    ns: Namespace,
    private readonly host: LongPollHost,
    hostHeader: string,
    private readonly sessions: Map<string, Session>,
  ) {
    this.conn = new ClientConnection(
      { send: (t) => this.enqueue(t), close: () => this.end() },
      ns,
      host,
      hostHeader,
    );
    host.attach(this.conn);
    this.touch();
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.end(), IDLE_MS);
    this.idleTimer.unref();
  }

  private enqueue(text: string): void {
    this.queue.push(text);
    if (this.held) this.flush(this.held);
  }

  /** JavaScript that calls the client's callbacks (in the iframe or its parent). */
  script(body: string): string {
    return (
      `(function(){var w=window,p=w.parent||w;` +
      `var c=w["pLPCommand${this.cb}"]||p["pLPCommand${this.cb}"];` +
      `var d=w["pRTLPCB${this.cb}"]||p["pRTLPCB${this.cb}"];${body}})();`
    );
  }

  /** Answers `res` with the queued messages as the next packet (or nothing). */
  flush(res: ServerResponse, prefix = ''): void {
    if (this.held === res) {
      this.held = undefined;
      clearTimeout(this.holdTimer);
    }
    let body = prefix;
    if (this.queue.length) {
      body += `d(${this.packet++},[${this.queue.join(',')}]);`;
      this.queue = [];
    }
    res.writeHead(200, { 'Content-Type': 'application/javascript', 'Cache-Control': 'no-cache' });
    res.end(this.script(body));
  }

  /** A poll: take client segments, then answer now (data waiting) or hold. */
  poll(params: URLSearchParams, res: ServerResponse): void {
    this.touch();
    for (let i = 0; params.has(`seg${i}`); i++) {
      const seg = Number(params.get(`seg${i}`));
      const total = Number(params.get(`ts${i}`));
      const data = params.get(`d${i}`) ?? '';
      // A segment already delivered or held is ignored; so is a total below 1, which deliver()
      // would take as an empty packet, looping on it forever.
      if (!Number.isInteger(seg) || seg < this.nextSegment || this.segments.has(seg)) continue;
      if (!Number.isInteger(total) || total < 1) continue;
      this.heldChars += data.length;
      if (this.heldChars > MAX_HELD_CHARS) {
        this.end();
        return this.flush(res);
      }
      this.segments.set(seg, { total, data });
    }
    this.deliver();
    if (this.held) this.flush(this.held);
    if (this.queue.length || this.closed) return this.flush(res);
    this.held = res;
    this.holdTimer = setTimeout(() => this.held && this.flush(this.held), HOLD_MS);
    res.on('close', () => {
      if (this.held === res) this.held = undefined;
    });
  }

  /** Feeds complete packets (consecutive segments) to the connection, in order. */
  private deliver(): void {
    for (;;) {
      const first = this.segments.get(this.nextSegment);
      if (!first) return;
      const parts: string[] = [];
      for (let i = 0; i < first.total; i++) {
        const s = this.segments.get(this.nextSegment + i);
        if (!s) return;
        parts.push(s.data);
      }
      for (let i = 0; i < first.total; i++) {
        this.heldChars -= this.segments.get(this.nextSegment + i)!.data.length;
        this.segments.delete(this.nextSegment + i);
      }
      this.nextSegment += first.total;
      const b64 = parts.join('').replace(/-/g, '+').replace(/_/g, '/').replace(/\./g, '=');
      this.conn.onFrame(Buffer.from(b64, 'base64').toString('utf8'));
    }
  }

  /** Upgrade: the client ended transmission on the poll; move the connection to the socket. */
  upgradeTo(transport: Transport): void {
    this.conn.sendControl('n', {});
    if (this.held) this.flush(this.held);
    this.upgraded = true;
    this.conn.replaceTransport(transport);
    this.finish();
  }

  /**
   * The client's "disconnect frame" (BrowserPollConnection.addDisconnectPingFrame): an iframe it
   * loads right after `start` and removes when it leaves. Its request stays open; its closing is
   * the signal that the client is gone (unless the connection has moved to a WebSocket).
   */
  holdDisconnectFrame(req: IncomingMessage, res: ServerResponse): void {
    this.disconnectFrame?.end();
    this.disconnectFrame = res;
    res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-cache' });
    res.on('close', () => {
      if (this.disconnectFrame === res && !res.writableEnded) this.end();
    });
    req.resume();
  }

  private finish(): void {
    this.closed = true;
    const frame = this.disconnectFrame;
    this.disconnectFrame = undefined;
    frame?.end();
    clearTimeout(this.idleTimer);
    clearTimeout(this.holdTimer);
    this.sessions.delete(this.id);
  }

  /** Ends the session and the connection (onDisconnect ops run). */
  end(): void {
    if (this.closed) return;
    this.finish();
    if (this.held) this.flush(this.held);
    this.host.detach(this.conn);
  }
}

/** Long-poll sessions of one server. */
export class LongPollSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly host: LongPollHost) {}

  /** Handles a `/.lp` request. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    if (params.get('start') === 't') {
      const cb = /^\d+$/.test(params.get('cb') ?? '') ? params.get('cb')! : '';
      const s = new Session(
        cb,
        this.host.namespaceOf(req),
        this.host,
        req.headers.host ?? '',
        this.sessions,
      );
      this.sessions.set(s.id, s);
      s.flush(res, `c("start",${JSON.stringify(s.id)},${JSON.stringify(s.pw)});`);
      return;
    }
    const s = this.sessions.get(params.get('id') ?? '');
    if (!s || s.pw !== params.get('pw')) {
      res.writeHead(200, { 'Content-Type': 'application/javascript' });
      // Unknown session: tell the client to close so it reconnects from scratch.
      res.end(
        `(function(){var w=window,p=w.parent||w;for(var k in p){if(k.indexOf("pLPCommand")===0)try{p[k]("close")}catch(e){}}})();`,
      );
      return;
    }
    if (params.get('dframe') === 't') {
      s.holdDisconnectFrame(req, res);
      return;
    }
    s.poll(params, res);
  }

  /**
   * Claims a WebSocket opened with `s=<session>` for an upgrade; `transport` sends through it.
   * Returns false if there is no such session (then it is an ordinary new connection).
   */
  claimUpgrade(sessionId: string | null, ws: WebSocket, transport: Transport): boolean {
    const s = sessionId ? this.sessions.get(sessionId) : undefined;
    if (!s) return false;
    // Data the client sends on the socket before the switch completes is held back, then
    // delivered in order once the poll's `n` arrives.
    const early: string[] = [];
    let earlyChars = 0;
    const onMessage = (data: Buffer): void => {
      const text = data.toString('utf8');
      if (!s.upgraded) {
        earlyChars += text.length;
        if (earlyChars > MAX_HELD_CHARS) {
          early.length = 0;
          ws.terminate();
          return;
        }
        let msg: { t?: unknown; d?: { t?: unknown } } | undefined;
        try {
          msg = JSON.parse(text) as { t?: unknown; d?: { t?: unknown } };
        } catch {
          return;
        }
        if (msg?.t === 'c') {
          if (msg.d?.t === 'p') transport.send(JSON.stringify({ t: 'c', d: { t: 'o', d: {} } }));
          return;
        }
        early.push(text);
        return;
      }
      s.conn.onFrame(text, data.length);
    };
    ws.on('message', onMessage);
    s.conn.onEndTransmission = () => {
      s.upgradeTo(transport);
      for (const text of early.splice(0)) s.conn.onFrame(text);
    };
    ws.on('close', () => {
      if (s.upgraded) this.host.detach(s.conn);
    });
    return true;
  }

  /** Ends every session (server stop). */
  closeAll(): void {
    for (const s of [...this.sessions.values()]) s.end();
  }
}
