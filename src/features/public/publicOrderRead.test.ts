import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPublicOrder, readPublicOrder } from './publicOrderRead';

/** Stubs the REST read: every GET answers `order`; returns the addresses asked. */
function stubDatabase(order: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(order), { status: 200 }));
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchPublicOrder', () => {
  it('sends the read at once, and the page takes its answer instead of sending another', async () => {
    const asked = stubDatabase({ total: 240.5, qty: 4, status: 'pending' });
    prefetchPublicOrder(' -Early0001 ');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\/publicOrders\/-Early0001\.json/);
    await expect(readPublicOrder('-Early0001')).resolves.toEqual({
      total: 240.5,
      qty: 4,
      status: 'pending',
    });
    expect(asked).toHaveLength(1);
    // Handed out once: a later read (the page shown again) asks the database again.
    await readPublicOrder('-Early0001');
    expect(asked).toHaveLength(2);
  });

  it('sends nothing for a missing id or one no order can have', () => {
    const asked = stubDatabase(null);
    prefetchPublicOrder(undefined);
    prefetchPublicOrder('no/such id');
    expect(asked).toEqual([]);
  });
});
