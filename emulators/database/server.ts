/**
 * The HTTP + WebSocket server: routes upgrades to the realtime protocol, `/.lp` to the
 * long-polling answer and everything else to the REST API; owns the namespaces, the rules
 * loader and persistence.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocketServer, type WebSocket } from 'ws';
import { LongPollSessions } from './longpoll.js';
import { Namespace } from './namespace.js';
import { Journal, loadDataDir } from './journal.js';
import { exportDirectory, importDirectory } from './persistence.js';
import { ClientConnection, type Transport } from './protocol/connection.js';
import { MAX_FRAME_BYTES } from './protocol/frames.js';
import { drainAfterEarlyResponse } from '../early-response.js';
import { handleRest } from './rest.js';
import { RulesLoader } from './rules/loader.js';
import { Ruleset } from './rules/ruleset.js';
import type { DataNode } from './tree/node.js';
import { FunctionTriggers, type FunctionsEmulatorAddress } from './functionTriggers.js';

/** Options of {@link startDatabaseEmulator}. */
export interface DatabaseEmulatorOptions {
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /** TCP port; default 9000; 0 = any free port. */
  port?: number;
  /** Rules file; default `<cwd>/database.rules.json`; watched and reloaded. Missing = open rules. */
  rulesPath?: string;
  /** Directory of `<ns>.json` files loaded at start. */
  importDir?: string;
  /** Directory that {@link DatabaseEmulator.stop} exports to. */
  exportOnExitDir?: string;
  /**
   * Durable data directory (journal.ts): loaded at start (after `importDir`, replacing the
   * namespaces it holds), every acknowledged write fsynced to its journal first.
   */
  dataDir?: string;
  /** Receives log lines (rules reloads, errors); default: discard. */
  log?: (line: string) => void;
  /** Largest REST request body in bytes; default 256 MB (`MAX_BODY_BYTES`, Firebase's limit). */
  maxRestBodyBytes?: number;
  /**
   * The Functions emulator that receives the events of database triggers registered with
   * `POST /.settings/functionTriggers.json` (functionTriggers.ts); without it events are dropped.
   */
  functionsEmulator?: FunctionsEmulatorAddress;
}

/** A running emulator. */
export interface DatabaseEmulator {
  readonly host: string;
  readonly port: number;
  /** `http://host:port` */
  readonly url: string;
  /** Closes sockets and the server; writes the export if `exportOnExitDir` was given. */
  stop(): Promise<void>;
  /** Empties one namespace, or all of them; listeners receive the change. */
  clear(ns?: string): void;
  /** Writes `<dir>/<ns>.json` for every namespace (atomically per file). */
  exportTo(dir: string): Promise<void>;
}

/** Namespace names: what `?ns=` may hold (database names are `[a-z0-9-]`, be lenient). */
const NS_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Namespace of a request: `?ns=`, else the first label of a `*.firebaseio.com`-style host. */
export function namespaceFor(url: URL, hostHeader: string | undefined): string {
  const ns = url.searchParams.get('ns');
  if (ns !== null && NS_PATTERN.test(ns)) return ns;
  const host = (hostHeader ?? '').split(':')[0] ?? '';
  const label = host.split('.')[0] ?? '';
  if (host.includes('.') && !/^\d+$/.test(label) && NS_PATTERN.test(label)) return label;
  return 'default';
}

/** A received message as UTF-8 text (a Buffer, unless `binaryType` were changed). */
function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
}

/**
 * How long a socket closed for a protocol error may take to finish the closing handshake before
 * it is destroyed (ws's own default is 30 s; a hostile client would keep it open that long).
 */
const CLOSE_GRACE_MS = 1000;

/**
 * Closes `ws` with a status (the frames already queued, then the close frame, are flushed) and
 * destroys it after {@link CLOSE_GRACE_MS} if the client does not complete the handshake.
 */
export function closeWithStatus(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState === ws.OPEN) ws.close(code, reason);
  setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
}

/**
 * The transport of a WebSocket client. Every frame sent to the socket in one event-loop turn (the
 * responses to the pipelined requests read in that turn, the pushes of several writes) leaves in
 * one writev: with a syscall per frame, writev took ~70% of the server's CPU under load.
 */
export function wsTransport(ws: WebSocket, socket: Duplex): Transport {
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };
  return {
    send: (text) => {
      if (ws.readyState !== ws.OPEN) return;
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(uncork);
      }
      ws.send(text);
    },
    close: (error) => {
      if (error) closeWithStatus(ws, error.closeCode, error.message);
      else ws.terminate();
    },
  };
}

class Emulator implements DatabaseEmulator {
  readonly namespaces = new Map<string, Namespace>();
  readonly connections = new Set<ClientConnection>();
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly rules: RulesLoader;
  /** Rules set through REST `/.settings/rules.json` (override the file until it changes). */
  private rulesText_: string | undefined;
  host = '127.0.0.1';
  port = 0;
  private stopped = false;
  /** Cloud Functions database triggers and their event delivery (functionTriggers.ts). */
  private functionTriggers!: FunctionTriggers;
  private journal: Journal | undefined;
  /** Durability wait for acknowledgements; undefined without a data directory. */
  private readonly whenDurable = (): Promise<void> => this.journal!.whenDurable();
  private readonly longPoll: LongPollSessions = new LongPollSessions({
    log: (line) => this.log(line),
    whenDurable: () => this.journal?.whenDurable() ?? Promise.resolve(),
    namespaceOf: (req) =>
      this.namespace(namespaceFor(new URL(req.url ?? '/', 'http://localhost'), req.headers.host)),
    attach: (conn) => this.connections.add(conn),
    detach: (conn) => {
      this.connections.delete(conn);
      conn.onClose();
    },
  });

  constructor(
    private readonly options: DatabaseEmulatorOptions,
    private readonly log: (line: string) => void,
  ) {
    this.functionTriggers = new FunctionTriggers({ functions: options.functionsEmulator, log });
    const rulesPath = resolve(options.rulesPath ?? 'database.rules.json');
    this.rules = new RulesLoader(rulesPath, log, () => {
      this.rulesText_ = undefined;
      this.recheckAllListens();
    });
    this.http = createServer((req, res) => {
      drainAfterEarlyResponse(req, res);
      if ((req.url ?? '').startsWith('/.lp')) {
        this.longPoll.handle(req, res);
        return;
      }
      void handleRest(this.restHost, req, res);
    });
    // Longer than the clients' keep-alive (Node's agent frees idle sockets after 5 s), so the
    // server never closes a socket just as a client reuses it; stop() closes them itself.
    this.http.keepAliveTimeout = 65_000;
    this.http.headersTimeout = 66_000;
    // ws checks maxPayload against each frame's announced length before reading its payload, and
    // closes with 1009: no frame larger than an SDK segment is ever buffered.
    this.wss = new WebSocketServer({
      noServer: true,
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
    });
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
    });
  }

  get url(): string {
    const h = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${h}:${this.port}`;
  }

  namespace(name: string): Namespace {
    let ns = this.namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name, () => this.rules.rules);
      ns.onApply = (writes) => this.journal?.append(name, writes);
      ns.triggers = this.functionTriggers;
      this.namespaces.set(name, ns);
    }
    return ns;
  }

  private readonly restHost = {
    namespace: (name: string) => this.namespace(name),
    functionTriggers: () => this.functionTriggers,
    namespaceFor,
    rulesText: () => this.rulesText_ ?? this.rulesFileText(),
    setRules: (text: string) => {
      this.rules.rules = Ruleset.parse(text);
      this.rulesText_ = text;
      this.recheckAllListens();
    },
    maxBodyBytes: () => this.options.maxRestBodyBytes,
    whenDurable: () => this.journal?.whenDurable() ?? Promise.resolve(),
  };

  private rulesFileText(): string {
    try {
      return readFileSync(this.rules.file, 'utf8');
    } catch {
      return JSON.stringify({ rules: { '.read': true, '.write': true } });
    }
  }

  /** Cancels listens that the rules in force no longer allow. */
  private recheckAllListens(): void {
    for (const c of this.connections) c.recheckListens();
  }

  /** Attaches a realtime client (WebSocket). */
  private accept(ws: WebSocket, req: IncomingMessage): void {
    // Before anything else: a protocol error on the socket (e.g. a text frame that is not valid
    // UTF-8, a frame above maxPayload) is emitted as 'error', which would crash the process
    // without a listener. ws has already sent the close frame (1007, 1009…) and stopped reading;
    // destroying at once could drop that frame, so the socket gets the grace period.
    ws.on('error', () => closeWithStatus(ws, 1002, 'Protocol error'));
    const url = new URL(req.url ?? '/', 'http://localhost');
    const transport = wsTransport(ws, req.socket);
    if (this.longPoll.claimUpgrade(url.searchParams.get('s'), ws, transport)) return;
    const ns = this.namespace(namespaceFor(url, req.headers.host));
    const conn = new ClientConnection(
      transport,
      ns,
      { log: this.log, whenDurable: this.journal && this.whenDurable },
      req.headers.host ?? `${this.host}:${this.port}`,
    );
    this.connections.add(conn);
    ws.on('message', (data) =>
      conn.onFrame(frameText(data), Buffer.isBuffer(data) ? data.length : undefined),
    );
    ws.on('close', () => {
      this.connections.delete(conn);
      conn.onClose();
    });
  }

  async listen(): Promise<void> {
    if (this.options.importDir) {
      for (const [name, root] of await importDirectory(this.options.importDir))
        this.namespace(name).store.load(root);
    }
    if (this.options.dataDir) {
      const { data, lastSeq } = await loadDataDir(this.options.dataDir);
      for (const [name, root] of data) this.namespace(name).store.load(root);
      this.journal = await Journal.open(this.options.dataDir, lastSeq, {
        namespaces: () =>
          [...this.namespaces].map(([name, ns]): [string, DataNode | null] => [
            name,
            ns.store.root,
          ]),
        log: this.log,
      });
    }
    await new Promise<void>((resolveListen, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port ?? 9000, this.options.host ?? '127.0.0.1', () => {
        this.http.off('error', reject);
        resolveListen();
      });
    });
    const addr = this.http.address() as AddressInfo;
    this.host = this.options.host ?? '127.0.0.1';
    this.port = addr.port;
  }

  clear(ns?: string): void {
    if (ns !== undefined) this.namespaces.get(ns)?.replaceAll(null);
    else for (const n of this.namespaces.values()) n.replaceAll(null);
  }

  async exportTo(dir: string): Promise<void> {
    const data = new Map<string, DataNode | null>();
    for (const [name, ns] of this.namespaces) data.set(name, ns.store.root);
    await exportDirectory(dir, data);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.rules.stop();
    this.longPoll.closeAll();
    // Disconnecting clients runs their onDisconnect ops, as a real server going away would.
    for (const c of [...this.connections]) {
      this.connections.delete(c);
      c.onClose();
      c.close();
    }
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    // After the connections' onDisconnect writes: they are journaled too.
    await this.journal?.close();
    await new Promise<void>((r) => {
      this.http.close(() => r());
      this.http.closeAllConnections();
    });
    if (this.options.exportOnExitDir) await this.exportTo(this.options.exportOnExitDir);
  }
}

/**
 * Starts an emulator and resolves once it accepts connections.
 * @throws RulesError if the rules file is invalid; the listen error (e.g. EADDRINUSE) if the port is taken
 */
export async function startDatabaseEmulator(
  options: DatabaseEmulatorOptions = {},
): Promise<DatabaseEmulator> {
  const emulator = new Emulator(options, options.log ?? (() => {}));
  try {
    await emulator.listen();
  } catch (err) {
    await emulator.stop().catch(() => {});
    throw err;
  }
  return emulator;
}
