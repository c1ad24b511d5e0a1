import {
  isExpiryCandidate,
  dayKey,
  dayStart,
  monthKey,
  monthStart,
  orderStats,
  studentStats,
  toCents,
  tutorStats,
} from './stats';
import { counterDeltas, type Derivation } from './derivation';

/** A stand-in for the SDK's increment(): the value the multi-path update would carry. */
const increment = (delta: number) => ({ increment: delta });

/**
 * What one record's change moves (functions/src/derivedNodes.ts writes it): the projection entries
 * that differ from the record's before the change, and each counter's difference as an increment.
 */
const companionsOf =
  (derivation: Derivation) => (id: string, before: object | null, after: object | null) => {
    const was = derivation.project?.(id, before, []) ?? {};
    const entries: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(derivation.project?.(id, after, [before]) ?? {}))
      if (JSON.stringify(value) !== JSON.stringify(was[path] ?? null)) entries[path] = value;
    for (const [path, delta] of Object.entries(counterDeltas(derivation, before, after)))
      entries[path] = increment(delta);
    return entries;
  };

/** Flat `path -> value` view of a rebuild (nested nodes flattened; zeros kept). */
function flatten(value: unknown, at: string, out: Record<string, unknown> = {}) {
  if (value !== null && typeof value === 'object' && !('increment' in value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${at}/${k}`, out);
  } else out[at] = value;
  return out;
}

/** Applies a write's entries to a flat store as the server would (increments add). */
function apply(store: Record<string, unknown>, entries: Record<string, unknown>) {
  for (const [path, value] of Object.entries(entries)) {
    for (const key of Object.keys(store)) if (key.startsWith(`${path}/`)) delete store[key];
    if (value && typeof value === 'object' && 'increment' in value)
      store[path] =
        ((store[path] as number | undefined) ?? 0) + (value as { increment: number }).increment;
    else if (value === null) delete store[path];
    else Object.assign(store, flatten(value, path));
  }
}

/** Non-zero entries (an absent counter and a 0 are the same figure). */
const figures = (store: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(store).filter(([, v]) => v !== 0));

/**
 * Replays `writes` (id, record after; null deletes) from `initial`: the counters kept by the
 * companions must equal rebuild() of the final records, after every write.
 */
function replay<T extends object>(
  derivation: Derivation,
  initial: Record<string, T>,
  writes: Array<[string, T | null]>,
) {
  const records: Record<string, T> = { ...initial };
  const store: Record<string, unknown> = {};
  apply(store, derivation.rebuild(records));
  const companions = companionsOf(derivation);
  for (const [id, after] of writes) {
    apply(store, companions(id, records[id] ?? null, after));
    if (after) records[id] = after;
    else delete records[id];
    const expected: Record<string, unknown> = {};
    apply(expected, derivation.rebuild(records));
    expect(figures(store)).toEqual(figures(expected));
  }
}

const SGT_JUNE = Date.UTC(2024, 5, 10);
const EXPIRES = Date.UTC(2024, 8, 10);
const order = (over: Record<string, unknown> = {}) => ({
  status: 'pending',
  isObsolete: false,
  createdAt: SGT_JUNE,
  total: 100.1,
  qtyLeft: 4,
  expiredDate: EXPIRES,
  ...over,
});

describe('monthKey / monthStart (Singapore months)', () => {
  it('cuts months at midnight Singapore time (UTC+8)', () => {
    expect(monthKey(Date.UTC(2024, 5, 30, 15, 59, 59, 999))).toBe('2024-06');
    expect(monthKey(Date.UTC(2024, 5, 30, 16))).toBe('2024-07');
    expect(monthStart(Date.UTC(2024, 6, 10))).toBe(Date.UTC(2024, 5, 30, 16));
    expect(monthKey(monthStart(Date.UTC(2024, 0, 10), -1))).toBe('2023-12');
  });
  it('keeps amounts exact as integer cents', () => {
    expect(toCents(100.1)).toBe(10010);
    expect(toCents(0.07)).toBe(7);
  });
});

describe('student counters', () => {
  const mapped = { tutorMapping: { maths: { confirmed: 't1' }, art: { suggested: {} } } };
  it('counts students and their subjects with a confirmed tutor', () => {
    expect(
      studentStats.rebuild({ a: mapped, b: {}, c: { tutorMapping: { x: { confirmed: null } } } }),
    ).toEqual({
      'stats/counts/students': 3,
      'stats/counts/matchedSubjects': 1,
    });
  });
  it('writes +1/-1 on create/delete and nothing for a change that moves no figure', () => {
    const companions = companionsOf(studentStats);
    expect(companions('a', null, mapped)).toEqual({
      'stats/counts/students': increment(1),
      'stats/counts/matchedSubjects': increment(1),
    });
    expect(companions('a', mapped, null)).toEqual({
      'stats/counts/students': increment(-1),
      'stats/counts/matchedSubjects': increment(-1),
    });
    expect(companions('a', { name: 'A' }, { name: 'B' })).toEqual({});
    // A confirmed tutor swapped for another: the subject stays matched.
    expect(companions('a', mapped, { tutorMapping: { maths: { confirmed: 't2' } } })).toEqual({});
  });
  it('stays equal to a rebuild after a sequence of writes', () => {
    replay<object>(studentStats, { a: {} }, [
      ['b', mapped],
      ['a', { tutorMapping: { m: { confirmed: 't' }, n: { confirmed: 't' } } }],
      ['b', null],
      ['a', { tutorMapping: { m: { confirmed: 't' } } }],
    ]);
  });
});

describe('tutor counter', () => {
  it('counts tutors whose status is not false', () => {
    expect(tutorStats.rebuild({ a: { status: true }, b: { status: false }, c: {} })).toEqual({
      'stats/counts/activeTutors': 2,
    });
  });
  it('follows status toggles, creates and deletes', () => {
    const companions = companionsOf(tutorStats);
    expect(companions('a', { status: true }, { status: false })).toEqual({
      'stats/counts/activeTutors': increment(-1),
    });
    expect(companions('a', { status: false }, null)).toEqual({});
    // Its matches are counted on the students' side (their `confirmed` is cleared with it).
    expect(
      companions(
        'a',
        { status: false, confirmedStudents: { s1: { m: true, n: true }, s2: { m: true } } },
        null,
      ),
    ).toEqual({});
    replay(tutorStats, {}, [
      ['a', { status: true }],
      ['b', { status: false }],
      ['a', { status: false }],
      ['b', { status: true }],
      ['b', null],
    ]);
  });
});

describe('order figures', () => {
  it('rebuilds pending approvals, the queues, months and totals', () => {
    expect(
      orderStats.rebuild({
        p: order(),
        q: order({ status: 'paid', createdAt: Date.UTC(2024, 4, 31, 16) }),
        a: order({ status: 'approved', total: 50.2 }),
        c: order({ status: 'cancelled' }),
        o: order({ isObsolete: true, status: 'approved' }),
      }),
    ).toEqual({
      'stats/counts/pendingApprovals': 2,
      'stats/totals/orders': 3,
      'stats/totals/revenueCents': 5020,
      'stats/months': {
        '2024-06': { orders: 3, revenueCents: 5020 },
      },
      'stats/pendingQueue': { p: SGT_JUNE, q: Date.UTC(2024, 4, 31, 16) },
      'stats/expiryQueue': { p: EXPIRES, q: EXPIRES, a: EXPIRES },
      'stats/expiryDays': { '2024-09-10': 3 },
    });
  });
  it('an approval moves the order from the queue to the revenue', () => {
    const companions = companionsOf(orderStats);
    expect(companions('p', order(), order({ status: 'approved' }))).toEqual({
      'stats/counts/pendingApprovals': increment(-1),
      'stats/months/2024-06/revenueCents': increment(10010),
      'stats/totals/revenueCents': increment(10010),
      'stats/pendingQueue/p': null,
    });
    // pending -> paid: still waiting, same month figures: nothing to write.
    expect(companions('p', order(), order({ status: 'paid' }))).toEqual({});
  });
  it('stays equal to a rebuild after a sequence of writes', () => {
    replay(orderStats, { x: order({ status: 'approved' }) }, [
      ['p', order()],
      ['q', order({ createdAt: Date.UTC(2023, 11, 31, 20) })],
      ['p', order({ status: 'approved' })],
      ['q', order({ status: 'cancelled', createdAt: Date.UTC(2023, 11, 31, 20) })],
      ['x', order({ status: 'approved', isObsolete: true })],
      ['q', null],
    ]);
  });
});

describe('expiry queue', () => {
  it('holds the orders that can expire with lessons left', () => {
    expect(isExpiryCandidate(order())).toBe(true);
    expect(isExpiryCandidate(order({ status: 'approved' }))).toBe(true);
    expect(isExpiryCandidate(order({ status: 'cancelled' }))).toBe(false);
    expect(isExpiryCandidate(order({ isObsolete: true }))).toBe(false);
    expect(isExpiryCandidate(order({ qtyLeft: 0 }))).toBe(false);
    expect(isExpiryCandidate(order({ expiredDate: undefined }))).toBe(false);
    expect(isExpiryCandidate(null)).toBe(false);
  });
  it('follows the expiry date, the lessons left, a cancellation and a delete', () => {
    const companions = companionsOf(orderStats);
    const approved = order({ status: 'approved' });
    expect(companions('a', null, approved)['stats/expiryQueue/a']).toBe(EXPIRES);
    expect(companions('a', approved, { ...approved, expiredDate: EXPIRES + 1 })).toEqual({
      'stats/expiryQueue/a': EXPIRES + 1,
    });
    expect(companions('a', approved, { ...approved, qtyLeft: 0 })).toEqual({
      'stats/expiryQueue/a': null,
      'stats/expiryDays/2024-09-10': increment(-1),
    });
    expect(companions('a', approved, { ...approved, qtyLeft: 3 })).toEqual({});
    expect(companions('p', order(), order({ status: 'cancelled' }))['stats/expiryQueue/p']).toBe(
      null,
    );
    expect(companions('a', approved, null)['stats/expiryQueue/a']).toBe(null);
  });
  it('stays equal to a rebuild after a sequence of writes', () => {
    replay(orderStats, { x: order({ status: 'approved' }) }, [
      ['p', order()],
      ['p', order({ expiredDate: EXPIRES + 5 })],
      ['x', order({ status: 'approved', qtyLeft: 0 })],
      ['q', order({ expiredDate: undefined })],
      ['q', order({ expiredDate: EXPIRES - 1 })],
      ['p', order({ isObsolete: true })],
      ['x', order({ status: 'approved', qtyLeft: 1 })],
      ['q', null],
    ]);
  });
});

describe('expiry queue by day (stats/expiryDays)', () => {
  const companions = companionsOf(orderStats);
  const approved = order({ status: 'approved' });
  it('cuts days at midnight Singapore time (UTC+8)', () => {
    expect(dayKey(Date.UTC(2024, 8, 9, 15, 59, 59, 999))).toBe('2024-09-09');
    expect(dayKey(Date.UTC(2024, 8, 9, 16))).toBe('2024-09-10');
    expect(dayStart(Date.UTC(2024, 8, 10, 3))).toBe(Date.UTC(2024, 8, 9, 16));
    expect(dayStart(Date.UTC(2024, 8, 9, 16))).toBe(Date.UTC(2024, 8, 9, 16));
    expect(dayStart(Date.UTC(2024, 8, 9, 15, 59, 59, 999))).toBe(Date.UTC(2024, 8, 8, 16));
  });
  it('counts a created order on its day and a deleted one off it', () => {
    expect(companions('a', null, approved)['stats/expiryDays/2024-09-10']).toEqual(increment(1));
    expect(companions('a', approved, null)['stats/expiryDays/2024-09-10']).toEqual(increment(-1));
  });
  it('moves an order between days with its expiry date, not within a day', () => {
    expect(companions('a', approved, { ...approved, expiredDate: EXPIRES + 3_600_000 })).toEqual({
      'stats/expiryQueue/a': EXPIRES + 3_600_000,
    });
    // 16:00 UTC is midnight in Singapore: the next agency day.
    const nextDay = Date.UTC(2024, 8, 10, 16);
    expect(companions('a', approved, { ...approved, expiredDate: nextDay })).toEqual({
      'stats/expiryQueue/a': nextDay,
      'stats/expiryDays/2024-09-10': increment(-1),
      'stats/expiryDays/2024-09-11': increment(1),
    });
  });
  it('leaves the day when the order stops being a candidate, and comes back', () => {
    const cancelled = { ...approved, status: 'cancelled' };
    expect(companions('a', approved, cancelled)['stats/expiryDays/2024-09-10']).toEqual(
      increment(-1),
    );
    expect(companions('a', cancelled, approved)['stats/expiryDays/2024-09-10']).toEqual(
      increment(1),
    );
    expect(companions('a', approved, { ...approved, qtyLeft: 3 })).toEqual({});
  });
  it('rebuilds days without entries left out, and dates with no 4-digit year uncounted', () => {
    expect(
      orderStats.rebuild({
        a: approved,
        b: order({ expiredDate: Date.UTC(2024, 8, 10, 16) }),
        c: order({ qtyLeft: 0 }),
        d: order({ expiredDate: 8.64e15 }),
      })['stats/expiryDays'],
    ).toEqual({ '2024-09-10': 1, '2024-09-11': 1 });
  });
  it('stays equal to a rebuild after a sequence of writes', () => {
    replay(orderStats, { x: approved }, [
      ['p', order()],
      ['p', order({ expiredDate: Date.UTC(2024, 8, 10, 16) })],
      ['x', order({ status: 'approved', qtyLeft: 0 })],
      ['q', order({ expiredDate: Date.UTC(2024, 8, 10, 15, 59, 59, 999) })],
      ['p', order({ isObsolete: true })],
      ['x', order({ status: 'approved', qtyLeft: 1, expiredDate: EXPIRES + 7 * 86_400_000 })],
      ['q', null],
      ['p', null],
    ]);
  });
});
