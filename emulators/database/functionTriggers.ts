/**
 * Cloud Functions database triggers, delivered as the Realtime Database emulator of firebase-tools
 * delivers them: the Functions emulator registers each 2nd-generation trigger with
 * `POST /.settings/functionTriggers.json` (body: `{ name, path, event, topic, namespacePattern }`,
 * firebase-tools `functionsEmulator` `getV2DatabaseApiAttributes`), and every write that changes
 * a location matching a trigger's path is sent to the Functions emulator as a CloudEvent
 * (`POST /functions/projects/{project}/triggers/{key}`), which runs the function with it.
 *
 * The event is the one firebase-functions' `onValueWritten` & co. decode
 * (`firebase-functions/lib/v2/providers/database`): `data.data` is the value before the write,
 * `data.delta` the change (the value after, with null for each key removed), `ref` the changed
 * location, `instance` the namespace, and `authtype` / `authid` who wrote: `admin` for the owner
 * credential (Admin SDK, REST as owner), `app_user` with the uid for a signed-in user (or an Admin
 * SDK's `databaseAuthVariableOverride`), `unauthenticated` otherwise.
 *
 * One operation (a set, or a multi-path update) gives at most one event per matched location,
 * none where the value did not change, as in production. Deliveries run a few at a time (each
 * busy delivery holds a function worker process) and are retried a few times when the Functions
 * emulator fails or is unreachable; a trigger it no longer knows (404: the functions were
 * reloaded and registered again under new keys) is dropped.
 *
 * Paths: literal segments, `{param}` and `*` (one segment each). Multi-segment wildcards
 * (`{param=**}`, `**`) are refused at registration, so nothing is silently not delivered.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { Principal } from './rules/auth.js';
import { type DataNode, childAt, nodeToJSON } from './tree/node.js';
import { Branch } from './tree/node.js';
import type { Write } from './tree/view.js';

/** The CloudEvent types of database triggers (firebase-functions v2 `database`). */
const EVENT_TYPES = {
  written: 'google.firebase.database.ref.v1.written',
  created: 'google.firebase.database.ref.v1.created',
  updated: 'google.firebase.database.ref.v1.updated',
  deleted: 'google.firebase.database.ref.v1.deleted',
} as const;

/** One segment of a trigger path: a literal key, or any one key. */
type Segment = { literal: string } | { any: true };

/** A registered trigger. */
export interface FunctionTrigger {
  /** `projects/{project}/locations/{region}/triggers/{key}`, as firebase-tools sends it. */
  name: string;
  project: string;
  region: string;
  key: string;
  /** The trigger's path as registered, e.g. `students/{studentId}`. */
  path: string;
  segments: Segment[];
  /** One of EVENT_TYPES. */
  event: string;
  /** Namespaces it fires for: an exact name, or `*` / `{param}` for every namespace. */
  namespacePattern: string;
}

/** Thrown for a registration this server cannot honour; REST answers 400 with its message. */
export class TriggerRegistrationError extends Error {}

/** Where the Functions emulator listens. */
export interface FunctionsEmulatorAddress {
  host: string;
  port: number;
}

/** Options of {@link FunctionTriggers}. */
export interface FunctionTriggersOptions {
  /** The Functions emulator; events are dropped (logged) until it is known. */
  functions?: FunctionsEmulatorAddress;
  /** Deliveries in flight at once (default 4: each busy one holds a function worker process, and 8 absorbed 1,000 writes no faster). */
  concurrency?: number;
  /**
   * Deliveries in flight at once to one trigger (default 2). The Functions emulator starts a
   * worker process per trigger for each delivery that finds none idle (a couple of seconds of
   * CPU each): with nine triggers and no cap, a burst of writes to every collection started
   * 36 workers at once on a 2-core machine.
   */
  concurrencyPerTrigger?: number;
  /**
   * Attempts per event when the Functions emulator fails or is unreachable (default 20, about 90 s
   * with the backoff: longer than the derived-nodes trigger's 60 s lease on a claimed event).
   */
  attempts?: number;
  log: (line: string) => void;
}

/** What is sent for one changed location. */
interface PendingEvent {
  trigger: FunctionTrigger;
  body: string;
  attempt: number;
  /** Order of queueing (1, 2, ...), for {@link FunctionTriggers.whenHandled}. */
  seq: number;
  /** Order of (re)queueing: deliveries start oldest first among triggers with a free slot. */
  order?: number;
}

/** Top-level keys whose candidate triggers are cached at once (a bound on that cache's size). */
const MAX_CACHED_KEYS = 1024;

/** Splits a slash-separated path into keys (empty segments dropped). */
function pathKeys(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Parses a registration body (see the module comment). */
export function parseRegistration(body: unknown): FunctionTrigger {
  if (body === null || typeof body !== 'object') throw new TriggerRegistrationError('No trigger');
  const b = body as Record<string, unknown>;
  const { name, path, event } = b;
  if (typeof name !== 'string' || typeof path !== 'string' || typeof event !== 'string')
    throw new TriggerRegistrationError('A trigger needs name, path and event');
  const match = /^projects\/([^/]+)\/locations\/([^/]+)\/triggers\/([^/]+)$/.exec(name);
  if (!match)
    throw new TriggerRegistrationError(
      `Unsupported trigger name ${name}: only 2nd-generation (CloudEvent) database triggers ` +
        `are delivered`,
    );
  if (!Object.values(EVENT_TYPES).includes(event as never))
    throw new TriggerRegistrationError(`Unknown database event type ${event}`);
  const segments = pathKeys(path).map((segment): Segment => {
    if (segment === '*' || /^\{[^}=]+\}$/.test(segment)) return { any: true };
    if (segment.includes('**') || segment.includes('{') || segment.includes('}'))
      throw new TriggerRegistrationError(
        `Unsupported path segment ${segment} in ${path}: use literal keys, {param} or *`,
      );
    return { literal: segment };
  });
  const namespacePattern = typeof b.namespacePattern === 'string' ? b.namespacePattern : '*';
  return {
    name,
    project: match[1]!,
    region: match[2]!,
    key: match[3]!,
    path,
    segments,
    event,
    namespacePattern,
  };
}

/** True when `ns` is one of the namespaces `pattern` names. */
function namespaceMatches(pattern: string, ns: string): boolean {
  return pattern === '*' || /^\{[^}]+\}$/.test(pattern) || pattern === ns;
}

/** True when `trigger` can match a location whose first key is `key` (any key for a root path). */
function acceptsFirstKey(trigger: FunctionTrigger, key: string): boolean {
  const first = trigger.segments[0];
  return first === undefined || !('literal' in first) || first.literal === key;
}

/** True when the first `keys.length` segments of `segments` accept `keys`. */
function prefixMatches(segments: readonly Segment[], keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    const s = segments[i]!;
    if ('literal' in s && s.literal !== keys[i]) return false;
  }
  return true;
}

/** The keys of a node's children (none for a leaf or nothing). */
function childKeys(node: DataNode | null): string[] {
  return node instanceof Branch ? [...node.children.keys()] : [];
}

/**
 * The locations matching `segments` that a write at `write.path` can change: the one location
 * above the write, or every matching location below it (existing before, or in the written value).
 */
function affectedLocations(
  segments: readonly Segment[],
  write: Write,
  root: DataNode | null,
): string[][] {
  const depth = segments.length;
  if (write.path.length >= depth) {
    const location = write.path.slice(0, depth);
    return prefixMatches(segments, location) ? [location] : [];
  }
  if (!prefixMatches(segments, write.path)) return [];
  // Walk the stored tree and the written value together below the write.
  let frontier: { keys: string[]; before: DataNode | null; after: DataNode | null }[] = [
    { keys: [...write.path], before: childAt(root, write.path), after: write.node },
  ];
  for (let i = write.path.length; i < depth; i++) {
    const segment = segments[i]!;
    const next: typeof frontier = [];
    for (const { keys, before, after } of frontier) {
      const names =
        'literal' in segment
          ? [segment.literal]
          : [...new Set([...childKeys(before), ...childKeys(after)])];
      for (const name of names) {
        const b = childAt(before, [name]);
        // A set replaces the whole subtree: what is not in the written value is removed.
        const a = childAt(after, [name]);
        if (b || a) next.push({ keys: [...keys, name], before: b, after: a });
      }
    }
    frontier = next;
  }
  return frontier.map((f) => f.keys);
}

/** `data.delta` of an event: `after`, with null for every key of `before` that is gone. */
export function deltaOf(before: unknown, after: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after)) return after;
  const delta: Record<string, unknown> = {};
  for (const key of Object.keys(after)) delta[key] = deltaOf(before[key], after[key]);
  for (const key of Object.keys(before)) if (!(key in after)) delta[key] = null;
  return delta;
}

/** The `authtype` and `authid` of a write by `principal`. */
function authOf(principal: Principal): { authtype: string; authid?: string } {
  if (principal.admin) return { authtype: 'admin' };
  const uid = principal.auth?.uid;
  return typeof uid === 'string'
    ? { authtype: 'app_user', authid: uid }
    : { authtype: 'unauthenticated' };
}

/** True when the trigger's event type fires for a change from `before` to `after`. */
function firesFor(event: string, before: unknown, after: unknown): boolean {
  switch (event) {
    case EVENT_TYPES.created:
      return before === null && after !== null;
    case EVENT_TYPES.deleted:
      return before !== null && after === null;
    case EVENT_TYPES.updated:
      return before !== null && after !== null;
    default:
      return true;
  }
}

/** The registered triggers of one server and the delivery of their events. */
export class FunctionTriggers {
  /** By name, in registration order (a trigger registered again keeps its place). */
  private readonly triggers = new Map<string, FunctionTrigger>();
  /**
   * The triggers (in registration order) that a write into namespace `ns` under top-level key
   * `key` can match, by `ns/key`: every write is checked against these only, so writes outside
   * the watched collections cost one lookup. Emptied whenever the triggers change.
   */
  private readonly byFirstKey = new Map<string, FunctionTrigger[]>();
  /**
   * Events waiting for a delivery slot, one FIFO per trigger name: picking the oldest event whose
   * trigger has a slot looks at each trigger's first event only (a scan of one shared queue
   * cost O(queue) per delivery, and a burst of 10,000 writes to one collection ~150 µs an event).
   */
  private readonly queues = new Map<string, PendingEvent[]>();
  private queueOrder = 0;
  private inFlight = 0;
  /** Deliveries in flight per trigger name. */
  private readonly inFlightByTrigger = new Map<string, number>();
  /** Events queued and not yet handled, by seq, in queueing order (so the first is the oldest). */
  private readonly unhandled = new Set<number>();
  private queued = 0;
  private waiters: { upTo: number; resolve: () => void }[] = [];
  /** Attempts that failed and were queued again, and events given up on, since the start. */
  private retried = 0;
  private dropped = 0;

  constructor(private readonly options: FunctionTriggersOptions) {}

  /** Where events go; set when the Functions emulator's address becomes known. */
  set functions(address: FunctionsEmulatorAddress | undefined) {
    this.options.functions = address;
  }

  /** Registers (or replaces, by name) a trigger. @throws TriggerRegistrationError */
  register(body: unknown): FunctionTrigger {
    const trigger = parseRegistration(body);
    this.triggers.set(trigger.name, trigger);
    this.byFirstKey.clear();
    this.options.log(`function trigger registered: ${trigger.key} on ${trigger.path}`);
    return trigger;
  }

  /** Forgets every trigger (`DELETE /.settings/functionTriggers.json`). */
  clear(): void {
    this.triggers.clear();
    this.byFirstKey.clear();
  }

  /** Forgets one trigger. */
  private remove(name: string): void {
    this.triggers.delete(name);
    this.byFirstKey.clear();
  }

  /**
   * The triggers of namespace `ns` that can match a write under top-level key `key`, in
   * registration order (cached; at most {@link MAX_CACHED_KEYS} keys are kept).
   */
  private candidates(ns: string, key: string): FunctionTrigger[] {
    // Neither a namespace name nor a key holds '/', so the pair is unambiguous.
    const id = ns + '/' + key;
    let list = this.byFirstKey.get(id);
    if (list === undefined) {
      if (this.byFirstKey.size >= MAX_CACHED_KEYS) this.byFirstKey.clear();
      list = this.inOrder().filter(
        (t) => namespaceMatches(t.namespacePattern, ns) && acceptsFirstKey(t, key),
      );
      this.byFirstKey.set(id, list);
    }
    return list;
  }

  /** Every trigger, in registration order. */
  private inOrder(): FunctionTrigger[] {
    return [...this.triggers.values()];
  }

  /** The registered triggers, for `GET /.settings/functionTriggers.json`. */
  list(): { name: string; path: string; event: string; namespacePattern: string }[] {
    return this.inOrder().map(({ name, path, event, namespacePattern }) => ({
      name,
      path,
      event,
      namespacePattern,
    }));
  }

  /**
   * Called just before `writes` are applied to namespace `ns` (whose data is `root`). Returns
   * what to call once they are applied (with the new root), or undefined when no trigger matches.
   * The values before are read here, since the store changes in place.
   */
  beforeWrite(
    ns: string,
    principal: Principal,
    writes: readonly Write[],
    root: DataNode | null,
    now: number,
  ): ((root: DataNode | null) => void) | undefined {
    if (this.triggers.size === 0) return undefined;
    // Most operations write under one top-level key: only the triggers that can match it.
    const first = writes[0]?.path[0];
    let triggers: FunctionTrigger[] | undefined;
    if (first !== undefined && writes.every((w) => w.path[0] === first)) {
      triggers = this.candidates(ns, first);
      if (triggers.length === 0) return undefined;
    } else {
      triggers = this.inOrder().filter((t) => namespaceMatches(t.namespacePattern, ns));
    }
    const matched: { trigger: FunctionTrigger; locations: Map<string, unknown> }[] = [];
    for (const trigger of triggers) {
      const locations = new Map<string, unknown>();
      for (const write of writes)
        for (const location of affectedLocations(trigger.segments, write, root)) {
          const key = location.join('/');
          if (!locations.has(key)) locations.set(key, nodeToJSON(childAt(root, location), false));
        }
      if (locations.size > 0) matched.push({ trigger, locations });
    }
    if (matched.length === 0) return undefined;
    const auth = authOf(principal);
    return (after) => {
      for (const { trigger, locations } of matched)
        for (const [ref, before] of locations) {
          const value = nodeToJSON(childAt(after, pathKeys(ref)), false);
          if (JSON.stringify(before) === JSON.stringify(value)) continue;
          if (!firesFor(trigger.event, before, value)) continue;
          this.enqueue(trigger, ns, ref, before, value, auth, now);
        }
    };
  }

  /** Events queued or being delivered. */
  get pending(): number {
    return this.unhandled.size;
  }

  /**
   * Counts since the server started: events queued, attempts retried after a failure, events
   * dropped after their last attempt (`GET /.settings/functionTriggerQueue.json`).
   */
  get counts(): { queued: number; retried: number; dropped: number } {
    return { queued: this.queued, retried: this.retried, dropped: this.dropped };
  }

  /**
   * Resolves once every event queued so far has been handled (delivered, or dropped after its
   * last attempt), whatever is queued meanwhile: a test knows its own writes have been seen by
   * their functions without waiting for other writers to stop.
   */
  whenHandled(): Promise<void> {
    const upTo = this.queued;
    if (this.oldestUnhandled() > upTo) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  /** The seq of the oldest event not yet handled (Infinity for none). */
  private oldestUnhandled(): number {
    for (const seq of this.unhandled) return seq;
    return Number.POSITIVE_INFINITY;
  }

  private handled(seq: number): void {
    this.unhandled.delete(seq);
    const oldest = this.oldestUnhandled();
    const ready = this.waiters.filter((w) => oldest > w.upTo);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => oldest <= w.upTo);
    for (const w of ready) w.resolve();
  }

  private enqueue(
    trigger: FunctionTrigger,
    ns: string,
    ref: string,
    before: unknown,
    after: unknown,
    auth: { authtype: string; authid?: string },
    now: number,
  ): void {
    const event = {
      specversion: '1.0',
      id: randomUUID(),
      source: `//firebasedatabase.googleapis.com/projects/_/locations/${trigger.region}/instances/${ns}`,
      type: trigger.event,
      time: new Date(now).toISOString(),
      subject: `refs/${ref}`,
      datacontenttype: 'application/json',
      data: {
        '@type': 'type.googleapis.com/google.events.firebase.database.v1.ReferenceEventData',
        data: before,
        delta: deltaOf(before, after),
      },
      firebasedatabasehost: 'firebaseio.com',
      instance: ns,
      ref,
      location: trigger.region,
      ...auth,
    };
    const seq = ++this.queued;
    this.unhandled.add(seq);
    this.push({ trigger, body: JSON.stringify(event), attempt: 1, seq });
    this.pump();
  }

  private pump(): void {
    const limit = this.options.concurrency ?? 4;
    const perTrigger = this.options.concurrencyPerTrigger ?? 2;
    while (this.inFlight < limit) {
      // The oldest event whose trigger has a delivery slot left.
      let oldest: PendingEvent[] | undefined;
      for (const [name, waiting] of this.queues) {
        if ((this.inFlightByTrigger.get(name) ?? 0) >= perTrigger) continue;
        if (!oldest || waiting[0]!.order! < oldest[0]!.order!) oldest = waiting;
      }
      if (!oldest) return;
      const next = oldest.shift()!;
      const name = next.trigger.name;
      if (oldest.length === 0) this.queues.delete(name);
      this.inFlight++;
      this.inFlightByTrigger.set(name, (this.inFlightByTrigger.get(name) ?? 0) + 1);
      void this.deliver(next).then((done) => {
        this.inFlight--;
        this.inFlightByTrigger.set(name, this.inFlightByTrigger.get(name)! - 1);
        if (done) this.handled(next.seq);
        this.pump();
      });
    }
  }

  /** Queues `event` behind every event queued before it. */
  private push(event: PendingEvent): void {
    event.order = ++this.queueOrder;
    const name = event.trigger.name;
    const waiting = this.queues.get(name);
    if (waiting) waiting.push(event);
    else this.queues.set(name, [event]);
  }

  /** Delivers one event; false when it was queued again for another attempt. */
  private async deliver(pending: PendingEvent): Promise<boolean> {
    const { trigger } = pending;
    const target = this.options.functions;
    if (!target) {
      this.options.log(
        `function trigger ${trigger.key}: no Functions emulator known, event dropped`,
      );
      return true;
    }
    let status: number;
    try {
      status = await post(
        target,
        `/functions/projects/${trigger.project}/triggers/${trigger.key}`,
        pending.body,
      );
    } catch (error) {
      status = 0;
      this.options.log(`function trigger ${trigger.key}: ${(error as Error).message}`);
    }
    if (status >= 200 && status < 300) return true;
    if (status === 404) {
      // The Functions emulator reloaded and knows this trigger under a new key now.
      this.remove(trigger.name);
      this.options.log(
        `function trigger ${trigger.key}: unknown to the Functions emulator, removed`,
      );
      return true;
    }
    if (pending.attempt >= (this.options.attempts ?? 20)) {
      this.dropped++;
      this.options.log(`function trigger ${trigger.key}: failed (${status}), event dropped`);
      return true;
    }
    // Queue it again after a back-off, as `retry: true` runs a function that threw again. The
    // wait holds no delivery slot: a failing event must not hold up everyone else's events.
    this.retried++;
    const backoff = Math.min(5_000, 200 * 2 ** pending.attempt);
    setTimeout(() => {
      this.push({ ...pending, attempt: pending.attempt + 1 });
      this.pump();
    }, backoff).unref();
    return false;
  }
}

/** POSTs a JSON body; resolves with the status once the response has ended. */
function post(target: FunctionsEmulatorAddress, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.host,
        port: target.port,
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
