import type { Order } from '@/features/orders/types';
import type { Student, SubjectMapping } from '@/features/people/students/types';
import {
  countMatchedSubjects,
  ordersByMonth,
  ordersExpiringSoon,
  pendingApprovals,
  summarize,
} from './aggregate';

const DAY = 86_400_000;
// Local-time dates, so the month boundaries hold in any time zone.
const NOW = new Date(2024, 5, 15, 12).getTime();

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

/** A student with `mapping` (without the updatedAt the counts ignore). */
function student(mapping: Record<string, Partial<SubjectMapping>> | undefined): Student {
  return { id: `s${++seq}`, tutorMapping: mapping } as Student;
}

describe('countMatchedSubjects', () => {
  it('counts subjects with a confirmed tutor over all students', () => {
    expect(
      countMatchedSubjects([
        student({
          maths: { confirmed: 't1', suggested: { t1: true } },
          english: { suggested: { t2: true } },
        }),
        student({ science: { confirmed: 't3' }, art: { confirmed: null } }),
        student(undefined),
      ]),
    ).toBe(2);
  });
});

describe('pendingApprovals', () => {
  it('lists pending and paid orders, not obsolete, oldest first', () => {
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
  it('gives the last 12 calendar months, oldest first, zeros included', () => {
    const months = ordersByMonth([], NOW);
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe('2023-07');
    expect(months[11]?.month).toBe('2024-06');
    expect(months[0]?.start).toBe(new Date(2023, 6, 1).getTime());
    expect(months.every((m) => m.orders === 0 && m.revenue === 0)).toBe(true);
  });

  it('counts orders per creation month and sums approved totals as revenue', () => {
    const rows = [
      order({ createdAt: new Date(2024, 5, 1, 0, 0).getTime(), total: 100.1 }),
      order({ createdAt: new Date(2024, 5, 14).getTime(), total: 50.2 }),
      order({ createdAt: new Date(2024, 5, 10).getTime(), total: 999, status: 'pending' }),
      order({ createdAt: new Date(2024, 4, 31, 23, 59).getTime(), total: 10 }),
      order({ createdAt: new Date(2023, 6, 1).getTime(), total: 7 }),
      // Outside the window, cancelled or obsolete: not counted.
      order({ createdAt: new Date(2023, 5, 30).getTime(), total: 1000 }),
      order({ createdAt: new Date(2024, 5, 2).getTime(), status: 'cancelled', total: 1000 }),
      order({ createdAt: new Date(2024, 5, 2).getTime(), isObsolete: true, total: 1000 }),
    ];
    const byMonth = Object.fromEntries(ordersByMonth(rows, NOW).map((m) => [m.month, m]));
    expect(byMonth['2024-06']).toMatchObject({ orders: 3, revenue: 150.3 });
    expect(byMonth['2024-05']).toMatchObject({ orders: 1, revenue: 10 });
    expect(byMonth['2023-07']).toMatchObject({ orders: 1, revenue: 7 });
    expect(byMonth['2023-06']).toBeUndefined();
  });
});

describe('summarize', () => {
  it('puts the figures together; inactive tutors are not counted', () => {
    const summary = summarize(
      {
        students: [student({ m: { confirmed: 't' } }), student({})],
        tutors: [{ status: true }, { status: false }, { status: true }],
        orders: [order({ status: 'pending', expiredDate: NOW + DAY }), order()],
      },
      NOW,
    );
    expect(summary).toEqual({
      students: 2,
      tutors: 2,
      matchedSubjects: 1,
      pendingApprovals: 1,
      expiringSoon: 1,
    });
  });
});
