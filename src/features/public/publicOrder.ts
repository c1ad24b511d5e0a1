/**
 * The QR and payment pages' read of an order's public facts (publicOrderRead.ts: over REST, started
 * by the router before the page's code arrived).
 */
import { startTransition, useEffect, useState } from 'react';
import type { PublicOrder } from '@/shared/domain/derived/publicOrders';
import { readPublicOrder } from './publicOrderRead';

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
      // A transition: the QR code or the payment details render in slices (see main.tsx), not in
      // one task that would block a phone's main thread.
      (order) =>
        startTransition(() =>
          setResult({ id, value: order ? { state: 'found', order } : { state: 'notFound' } }),
        ),
      () => {
        if (!abort.signal.aborted) setResult({ id, value: { state: 'failed' } });
      },
    );
    return () => abort.abort();
  }, [id]);
  return result && result.id === id ? result.value : { state: 'loading' };
}
