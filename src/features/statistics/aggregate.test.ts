import type { Order } from '@/shared/domain/order';
import {
  firstChartMonth,
  ordersByMonth,
  ordersExpiringSoon,
  pendingApprovals,
  summarize,
} from './aggregate';

const DAY = 86_400_000;
// 15 June 2024, noon in Singapore (the agency's zone: months are Singapore's).
const NOW = Date.UTC(2024, 5, 15, 4);

let seq = 0;
function order(overrides: Partial<Order> = {}): Order {
  seq++;
  return {
    id: `o${seq}`,
    studentName: 'S',
    studentEmail: 's@x.test',
    tutorName: 'T',
    tutorEmail: 't@x.test',
    subjectName: 'Maths',
    total: 100,
    status: 'approved',
    isUsed: false,
    qty: 4,
    qtyLeft: 4,
    createdAt: NOW - DAY,
    expiredDate: NOW + 60 * DAY,
    updatedAt: NOW - DAY,
    isObsolete: false,
    order: seq,
    ...overrides,
  };
}

describe('pendingApprovals', () => {
  it('keeps pending and paid orders, not obsolete, oldest first', () => {
    const a = order({ status: 'paid', createdAt: NOW - 2 * DAY });
    const b = order({ status: 'pending', createdAt: NOW - 5 * DAY });
    const rows = [
      a,
      b,
      order({ status: 'approved' }),
      order({ status: 'cancelled' }),
      order({ status: 'pending', isObsolete: true }),
    ];
    expect(pendingApprovals(rows).map((o) => o.id)).toEqual([b.id, a.id]);
  });
});

describe('ordersExpiringSoon', () => {
  it('keeps orders expiring in the next 14 days with lessons left, soonest first', () => {
    const in3 = order({ expiredDate: NOW + 3 * DAY });
    const in14 = order({ expiredDate: NOW + 14 * DAY });
    const in1 = order({ expiredDate: NOW + DAY, status: 'pending' });
    const rows = [
      in3,
      in14,
      in1,
      order({ expiredDate: NOW + 14 * DAY + 1 }),
      order({ expiredDate: NOW - 1 }),
      order({ expiredDate: NOW + 2 * DAY, qtyLeft: 0 }),
      order({ expiredDate: NOW + 2 * DAY, isObsolete: true }),
      order({ expiredDate: NOW + 2 * DAY, status: 'cancelled' }),
    ];
    expect(ordersExpiringSoon(rows, NOW).map((o) => o.id)).toEqual([in1.id, in3.id, in14.id]);
  });
});

describe('ordersByMonth', () => {
  it('gives the last 12 Singapore calendar months, oldest first, zeros included', () => {
    const months = ordersByMonth(null, NOW);
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe('2023-07');
    expect(months[11]?.month).toBe('2024-06');
    // 1 July 2023, 00:00 in Singapore = 30 June 2023, 16:00 UTC.
    expect(months[0]?.start).toBe(Date.UTC(2023, 5, 30, 16));
    expect(months.every((m) => m.orders === 0 && m.revenue === 0)).toBe(true);
    expect(firstChartMonth(NOW)).toBe('2023-07');
  });

  it('takes the stored months in the window; revenue from cents', () => {
    const byMonth = Object.fromEntries(
      ordersByMonth(
        {
          '2023-06': { orders: 5, revenueCents: 100_000 },
          '2023-07': { orders: 1, revenueCents: 700 },
          '2024-05': { orders: 1 },
          '2024-06': { orders: 3, revenueCents: 15_030 },
        },
        NOW,
      ).map((m) => [m.month, m]),
    );
    expect(byMonth['2024-06']).toMatchObject({ orders: 3, revenue: 150.3 });
    expect(byMonth['2024-05']).toMatchObject({ orders: 1, revenue: 0 });
    expect(byMonth['2023-07']).toMatchObject({ orders: 1, revenue: 7 });
    expect(byMonth['2023-06']).toBeUndefined();
  });

  it('a month starts at midnight in Singapore, whatever the clock says in UTC', () => {
    // 1 July 2024, 00:30 in Singapore is still 30 June in UTC: the chart already shows July.
    const months = ordersByMonth(null, Date.UTC(2024, 5, 30, 16, 30));
    expect(months[11]?.month).toBe('2024-07');
    expect(ordersByMonth(null, Date.UTC(2024, 5, 30, 15, 59))[11]?.month).toBe('2024-06');
  });
});

describe('summarize', () => {
  it('reads the stored counters (absent ones are 0) and the expiring count', () => {
    expect(
      summarize({ students: 2, activeTutors: 5, matchedSubjects: 1, pendingApprovals: 3 }, 4),
    ).toEqual({ students: 2, tutors: 5, matchedSubjects: 1, pendingApprovals: 3, expiringSoon: 4 });
    expect(summarize(null, 0)).toEqual({
      students: 0,
      tutors: 0,
      matchedSubjects: 0,
      pendingApprovals: 0,
      expiringSoon: 0,
    });
  });
});
