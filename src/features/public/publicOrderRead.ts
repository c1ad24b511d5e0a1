/**
 * Reads an order's public facts, `publicOrders/{id}` (src/shared/domain/derived/publicOrders.ts),
 * for the signed-out QR and payment pages. Through the Realtime Database REST API
 * (https://firebase.google.com/docs/reference/rest/database, `GET /<path>.json`, which answers
 * `null` for an absent location) rather than the Database SDK: one request of ~50 bytes, where the
 * SDK is ~100 KB of script and a WebSocket that these pages, opened on phones, need not load.
 *
 * Part of the entry (the router starts the read, `prefetchPublicOrder`, when it matches a public
 * order route), so that the request leaves with the page's code instead of after its first render
 * (docs/performance.md, "The public pages on a phone"); the page's hook is in publicOrder.ts.
 */
import type { PublicOrder } from '@/shared/domain/derived/publicOrders';
import { PUBLIC_ORDERS_PATH } from '@/shared/domain/derived/publicOrders';
import { emulatorHost, firebaseConfig, usesEmulators } from '@/shared/firebaseConfig';
import { isOrderId } from './orderId';

/**
 * The REST address of `publicOrders/{id}`: the configured database URL (its `ns` parameter kept,
 * which the local backend uses to pick the database), on the local backend's host and port when
 * the app talks to it.
 */
export function publicOrderUrl(id: string): string {
  const url = new URL(firebaseConfig.databaseURL ?? '');
  if (usesEmulators) {
    url.protocol = 'http:';
    url.host = `${emulatorHost}:9000`;
  }
  url.pathname = `/${PUBLIC_ORDERS_PATH}/${encodeURIComponent(id)}.json`;
  return url.toString();
}

/** The answer of `GET publicOrders/{id}.json` as an order, or null for none (or an obsolete one). */
function asPublicOrder(value: unknown): PublicOrder | null {
  if (!value || typeof value !== 'object') return null;
  const entry = value as Partial<PublicOrder>;
  return typeof entry.total === 'number'
    ? { total: entry.total, qty: entry.qty ?? 0, status: entry.status ?? 'pending' }
    : null;
}

/** One GET of `publicOrders/{id}.json`, parsed; rejects on a network error or a refusal. */
async function get(id: string, signal?: AbortSignal): Promise<PublicOrder | null> {
  const response = await fetch(publicOrderUrl(id), { signal });
  if (!response.ok) throw new Error(`publicOrders read failed: HTTP ${response.status}`);
  return asPublicOrder(await response.json());
}

/** Reads started before their page asked, by order id; each is handed out once. */
const started = new Map<string, Promise<PublicOrder | null>>();

/**
 * Starts reading order `id`'s public facts now (the router calls it as it matches a public order
 * route, while the page's code downloads); the page's first {@link readPublicOrder} of that id
 * takes the answer. Does nothing for an id no order can have (orderId.ts).
 */
export function prefetchPublicOrder(id: string | undefined): void {
  const trimmed = id?.trim();
  if (!trimmed || !isOrderId(trimmed) || started.has(trimmed)) return;
  const read = get(trimmed);
  // Handled where it is taken; this keeps an unused failure from being reported as unhandled.
  read.catch(() => undefined);
  started.set(trimmed, read);
}

/**
 * The public facts of order `id`, or null when there is no such order (or it is obsolete): the
 * read {@link prefetchPublicOrder} started, else a new one.
 * @throws Error when the database cannot be reached or refuses the read (status in the message)
 */
export function readPublicOrder(id: string, signal?: AbortSignal): Promise<PublicOrder | null> {
  const early = started.get(id);
  started.delete(id);
  return early ?? get(id, signal);
}
