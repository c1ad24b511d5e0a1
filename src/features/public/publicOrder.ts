/**
 * Reads an order's public facts, `publicOrders/{id}` (src/shared/domain/derived/publicOrders.ts),
 * for the signed-out QR and payment pages. Through the Realtime Database REST API
 * (https://firebase.google.com/docs/reference/rest/database, `GET /<path>.json`, which answers
 * `null` for an absent location) rather than the Database SDK: one request of ~50 bytes, where the
 * SDK is ~100 KB of script and a WebSocket that these pages, opened on phones, need not load.
 */
import { useEffect, useState } from 'react';
import type { PublicOrder } from '@/shared/domain/derived/publicOrders';
import { PUBLIC_ORDERS_PATH } from '@/shared/domain/derived/publicOrders';
import { emulatorHost, firebaseConfig, usesEmulators } from '@/shared/firebaseConfig';

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

/**
 * The public facts of order `id`, or null when there is no such order (or it is obsolete).
 * @throws Error when the database cannot be reached or refuses the read (status in the message)
 */
export async function readPublicOrder(
  id: string,
  signal?: AbortSignal,
): Promise<PublicOrder | null> {
  const response = await fetch(publicOrderUrl(id), { signal });
  if (!response.ok) throw new Error(`publicOrders read failed: HTTP ${response.status}`);
  const value = (await response.json()) as unknown;
  if (!value || typeof value !== 'object') return null;
  const entry = value as Partial<PublicOrder>;
  return typeof entry.total === 'number'
    ? { total: entry.total, qty: entry.qty ?? 0, status: entry.status ?? 'pending' }
    : null;
}

/** What {@link usePublicOrder} knows so far. */
export type PublicOrderState =
  | { state: 'loading' }
  | { state: 'found'; order: PublicOrder }
  | { state: 'notFound' }
  | { state: 'failed' };

/**
 * Reads the public facts of order `id` once per id (null: nothing to read, e.g. a malformed id,
 * which stays 'loading' and which the page handles before).
 */
export function usePublicOrder(id: string | null): PublicOrderState {
  const [result, setResult] = useState<{ id: string; value: PublicOrderState } | null>(null);
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    readPublicOrder(id, abort.signal).then(
      (order) =>
        setResult({ id, value: order ? { state: 'found', order } : { state: 'notFound' } }),
      () => {
        if (!abort.signal.aborted) setResult({ id, value: { state: 'failed' } });
      },
    );
    return () => abort.abort();
  }, [id]);
  return result && result.id === id ? result.value : { state: 'loading' };
}
