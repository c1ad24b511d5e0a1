/**
 * One database namespace (`?ns=`): its data, its listens and the write path shared by the
 * WebSocket protocol and the REST API — rules verdict, apply, push, in that order
 * (rtdb-wire-protocol.md §5: pushes precede the acknowledgement).
 */
import { type Principal } from './rules/auth.js';
import type { Ruleset } from './rules/ruleset.js';
import { type QuerySpec, queryVariable } from './tree/query.js';
import { SubscriptionIndex } from './protocol/subscriptions.js';
import { hashNode } from './tree/hash.js';
import type { DataNode } from './tree/node.js';
import { DataStore } from './tree/store.js';
import { type Write, lazyView, overlayView, storedView } from './tree/view.js';
import type { FunctionTriggers } from './functionTriggers.js';

/** Outcome of a write: `ok`, or the status the SDKs understand. */
export type WriteStatus = 'ok' | 'permission_denied' | 'datastale';

/** Data, listens and rules access for one namespace. */
export class Namespace {
  readonly store = new DataStore();
  readonly subs = new SubscriptionIndex();
  /** Called with every operation applied, in order, after it is applied (the server's journal). */
  onApply: ((writes: readonly Write[]) => void) | undefined;
  /** Cloud Functions triggers to send the changes to (functionTriggers.ts). */
  triggers: FunctionTriggers | undefined;

  constructor(
    readonly name: string,
    private readonly rules: () => Ruleset,
  ) {}

  /** The rules in force. */
  ruleset(): Ruleset {
    return this.rules();
  }

  /** Whether `principal` may read `path` (for a query, with its `query` rules variable). */
  canRead(principal: Principal, path: readonly string[], query?: QuerySpec): boolean {
    const rules = this.rules();
    if (principal.admin || rules.grantsAllReads) return true;
    return rules.canRead(
      { auth: principal.auth, now: Date.now() },
      storedView(this.store.root),
      path,
      query && (() => queryVariable(query)),
    );
  }

  /** Whether `principal` may perform `writes` as one operation (without applying them). */
  canWrite(principal: Principal, writes: readonly Write[], now: number): boolean {
    const rules = this.rules();
    if (principal.admin || rules.grantsAllWrites) return true;
    const root = storedView(this.store.root);
    return rules.canWrite(
      { auth: principal.auth, now },
      root,
      lazyView(() => overlayView(this.store.root, writes)),
      writes.map((w) => w.path),
    );
  }

  /**
   * Checks, applies and pushes one operation.
   * @param mergeBase the update location for multi-path updates (pushed as one `m`)
   * @param expectedHash for transactions: the client's hash of the current value at writes[0]
   * @param disableTriggers send no function trigger events (REST `disableTriggers=true`, imports)
   */
  write(
    principal: Principal,
    writes: readonly Write[],
    now: number,
    mergeBase?: readonly string[],
    expectedHash?: string,
    disableTriggers = false,
  ): WriteStatus {
    // A transaction proposed on a stale value is answered datastale before the rules judge it,
    // so the SDK reruns it on the current value (its documented retry contract); a value that a
    // data-dependent rule refuses only because it was computed from stale data is no denial. A
    // caller who may not read the location never gets the current value, so its stale proposal
    // is judged at once (permission_denied, not 25 retries ending in maxretry).
    const stale =
      expectedHash !== undefined && hashNode(this.store.get(writes[0]!.path)) !== expectedHash;
    if (stale && this.canRead(principal, writes[0]!.path)) return 'datastale';
    if (!this.canWrite(principal, writes, now)) return 'permission_denied';
    if (stale) return 'datastale';
    const triggered = disableTriggers
      ? undefined
      : this.triggers?.beforeWrite(this.name, principal, writes, this.store.root, now);
    this.store.apply(writes);
    this.onApply?.(writes);
    this.subs.notify(writes, mergeBase, (p) => this.store.get(p));
    triggered?.(this.store.root);
    return 'ok';
  }

  /** Replaces all data (import, clear) and pushes the new values to every listen. */
  replaceAll(root: DataNode | null): void {
    this.store.reset(root);
    this.onApply?.([{ path: [], node: root }]);
    this.subs.notify([{ path: [], node: root }], undefined, (p) => this.store.get(p));
  }
}
