import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Database, DataSnapshot } from 'firebase/database';
import { EXPIRY_DAYS_PATH, EXPIRY_QUEUE_PATH, orderStats } from './domain/derived/stats';
import {
  EXPIRY_HORIZON_DAYS,
  expiryCountParts,
  expiryCountPlan,
  expiryHorizon,
} from './expiryWindow';
import type { DatabaseModule } from './watchValue';

/**
 * A stand-in for the SDK's query functions over an in-memory tree: a query is a path, an order
 * and bounds; run() gives its children as the server would (orderByValue compares the numbers,
 * orderByKey the keys as strings, which 'yyyy-MM-dd' keys are).
 */
interface FakeQuery {
  path: string;
  by?: 'value' | 'key';
  bounds: Array<{ op: 'startAt' | 'startAfter' | 'endAt' | 'endBefore'; at: number | string }>;
}
const fake = {
  ref: (_db: unknown, path: string): FakeQuery => ({ path, bounds: [] }),
  query: (q: FakeQuery, ...parts: Array<(q: FakeQuery) => FakeQuery>) =>
    parts.reduce((acc, part) => part(acc), q),
  orderByValue: () => (q: FakeQuery) => ({ ...q, by: 'value' as const }),
  orderByKey: () => (q: FakeQuery) => ({ ...q, by: 'key' as const }),
  startAt: (at: number | string) => (q: FakeQuery) => ({
    ...q,
    bounds: [...q.bounds, { op: 'startAt' as const, at }],
  }),
  startAfter: (at: number | string) => (q: FakeQuery) => ({
    ...q,
    bounds: [...q.bounds, { op: 'startAfter' as const, at }],
  }),
  endAt: (at: number | string) => (q: FakeQuery) => ({
    ...q,
    bounds: [...q.bounds, { op: 'endAt' as const, at }],
  }),
  endBefore: (at: number | string) => (q: FakeQuery) => ({
    ...q,
    bounds: [...q.bounds, { op: 'endBefore' as const, at }],
  }),
};

function run(tree: Record<string, Record<string, number>>, q: FakeQuery): DataSnapshot {
  const children = Object.entries(tree[q.path] ?? {}).filter(([key, value]) => {
    const v: number | string = q.by === 'key' ? key : value;
    return q.bounds.every(({ op, at }) =>
      op === 'startAt' ? v >= at : op === 'startAfter' ? v > at : op === 'endAt' ? v <= at : v < at,
    );
  });
  return {
    size: children.length,
    val: () => (children.length ? Object.fromEntries(children) : null),
  } as unknown as DataSnapshot;
}

/** The window's count as `followExpiringCount` adds it up from its parts' answers. */
function partsCount(tree: Record<string, Record<string, number>>, from: number, days: number) {
  const m = fake as unknown as DatabaseModule;
  return expiryCountParts(from, days).reduce(
    (sum, part) => sum + part.read(run(tree, part.make(m, {} as Database) as unknown as FakeQuery)),
    0,
  );
}

/** The stored nodes of `orders` as the seed and rebuild-derived write them. */
function storedOf(orders: Record<string, object>) {
  const rebuilt = orderStats.rebuild(orders);
  return {
    [EXPIRY_QUEUE_PATH]: rebuilt[EXPIRY_QUEUE_PATH] as Record<string, number>,
    [EXPIRY_DAYS_PATH]: rebuilt[EXPIRY_DAYS_PATH] as Record<string, number>,
  };
}

/** The plain count: the queue's values in (from, expiryHorizon(from, days)]. */
function plainCount(queue: Record<string, number>, from: number, days: number) {
  const until = expiryHorizon(from, days);
  return Object.values(queue).filter((v) => v > from && v <= until).length;
}

const NOW = Date.UTC(2026, 10, 28, 17);
const DAY = 86_400_000;

describe('the expiring count from day counts and two partial days', () => {
  it('equals the plain count of the window for random orders and instants', () => {
    const instant = fc.integer({ min: NOW - 20 * DAY, max: NOW + 20 * DAY });
    // Values often exactly on day boundaries (Singapore midnights) and on the window's ends.
    const expiry = fc.oneof(
      instant,
      fc.integer({ min: -20, max: 20 }).map((d) => NOW - (NOW % DAY) + d * DAY - 8 * 3_600_000),
    );
    const orderArb = fc.record({
      status: fc.constantFrom('pending', 'approved', 'cancelled'),
      isObsolete: fc.boolean(),
      createdAt: fc.constant(NOW),
      total: fc.constant(10),
      qtyLeft: fc.integer({ min: 0, max: 3 }),
      expiredDate: expiry,
    });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), orderArb, { maxKeys: 60 }),
        fc.oneof(instant, fc.constantFrom(NOW - (NOW % DAY) - 8 * 3_600_000)),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (orders, from, days, onAnEntry) => {
          const tree = storedOf(orders);
          // Also windows starting or ending exactly on an entry's value.
          const values = Object.values(tree[EXPIRY_QUEUE_PATH]);
          const start = onAnEntry && values.length ? values[0]! : from;
          expect(partsCount(tree, start, days)).toBe(
            plainCount(tree[EXPIRY_QUEUE_PATH], start, days),
          );
          const end = onAnEntry && values.length ? values[0]! - days * DAY : from;
          expect(partsCount(tree, end, days)).toBe(plainCount(tree[EXPIRY_QUEUE_PATH], end, days));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the whole days by key and only the partial days entry by entry', () => {
    const from = Date.UTC(2026, 10, 28, 9, 30); // 17:30 in Singapore, 28 November
    const plan = expiryCountPlan(from, expiryHorizon(from, EXPIRY_HORIZON_DAYS));
    expect(plan.days).toEqual({ first: '2026-11-29', last: '2026-12-11' });
    expect(plan.head).toEqual({ after: from, before: Date.UTC(2026, 10, 28, 16) });
    expect(plan.tail).toEqual({ from: Date.UTC(2026, 11, 11, 16), until: from + 14 * DAY });
    // A window shorter than two days has no whole day: one entry query.
    expect(expiryCountPlan(from, from + DAY).days).toBeNull();
  });
});
