/**
 * The real figures of the statistics page and the dashboard (issue 9), computed from the lists
 * the slices hold (students, tutors, orders). Pure functions: `now` is passed in, months are
 * calendar months of the local time zone.
 */
import { addDays, addMonths, format, startOfMonth } from 'date-fns';
import type { Order } from '@/features/orders/types';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';

/** Orders expiring within this many days are listed (issue 9: "next 14 days"). */
export const EXPIRY_HORIZON_DAYS = 14;
/** Months of the orders/revenue chart, the current one included. */
export const CHART_MONTHS = 12;

/** Orders that count: obsolete ones are hidden everywhere unless requested (spec 3). */
function live(orders: readonly Order[]): Order[] {
  return orders.filter((o) => !o.isObsolete);
}

/**
 * Subjects with a confirmed tutor, over all students (spec 3, Tutor mapping: `confirmed` holds at
 * most one tutor id per subject).
 */
export function countMatchedSubjects(students: readonly Pick<Student, 'tutorMapping'>[]): number {
  let count = 0;
  for (const student of students) {
    for (const mapping of Object.values(student.tutorMapping ?? {})) {
      if (mapping?.confirmed) count++;
    }
  }
  return count;
}

/**
 * Orders waiting for an admin's approval: status 'pending' or 'paid' (spec 4: any status but
 * 'approved' can be approved; cancelled orders are not waiting), not obsolete; oldest first.
 */
export function pendingApprovals(orders: readonly Order[]): Order[] {
  return live(orders)
    .filter((o) => o.status === 'pending' || o.status === 'paid')
    .sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Orders whose expiry date falls in (now, now + days], with lessons left, not obsolete and not
 * cancelled; soonest first.
 */
export function ordersExpiringSoon(
  orders: readonly Order[],
  now: number,
  days = EXPIRY_HORIZON_DAYS,
): Order[] {
  const until = addDays(now, days).getTime();
  return live(orders)
    .filter(
      (o) =>
        o.status !== 'cancelled' &&
        o.qtyLeft > 0 &&
        typeof o.expiredDate === 'number' &&
        o.expiredDate > now &&
        o.expiredDate <= until,
    )
    .sort((a, b) => a.expiredDate - b.expiredDate);
}

/** One month of the orders chart. */
export interface MonthFigures {
  /** 'yyyy-MM'. */
  month: string;
  /** Epoch ms of the month's first instant (local time). */
  start: number;
  /** Orders created in the month (not obsolete, not cancelled). */
  orders: number;
  /** Sum of the totals of the month's approved orders, SGD, rounded to cents. */
  revenue: number;
}

/**
 * Orders and revenue per month for the `months` calendar months ending with the one of `now`,
 * oldest first; months without orders are present with zeros. An order counts in the month of
 * its createdAt; revenue is what approved orders brought in.
 */
export function ordersByMonth(
  orders: readonly Order[],
  now: number,
  months = CHART_MONTHS,
): MonthFigures[] {
  const first = addMonths(startOfMonth(now), -(months - 1));
  const result: MonthFigures[] = Array.from({ length: months }, (_, i) => {
    const start = addMonths(first, i);
    return { month: format(start, 'yyyy-MM'), start: start.getTime(), orders: 0, revenue: 0 };
  });
  const index = new Map(result.map((m, i) => [m.month, i]));
  for (const order of live(orders)) {
    if (order.status === 'cancelled' || typeof order.createdAt !== 'number') continue;
    const i = index.get(format(order.createdAt, 'yyyy-MM'));
    if (i === undefined) continue;
    const month = result[i] as MonthFigures;
    month.orders++;
    if (order.status === 'approved') month.revenue += order.total;
  }
  for (const month of result) month.revenue = Math.round(month.revenue * 100) / 100;
  return result;
}

/** The summary tiles. */
export interface Summary {
  students: number;
  tutors: number;
  matchedSubjects: number;
  pendingApprovals: number;
  expiringSoon: number;
}

/** All summary figures at `now`. Tutors count only active ones (spec 3: status hides others). */
export function summarize(
  data: {
    students: readonly Student[];
    tutors: readonly Pick<Tutor, 'status'>[];
    orders: readonly Order[];
  },
  now: number,
): Summary {
  return {
    students: data.students.length,
    tutors: data.tutors.filter((t) => t.status !== false).length,
    matchedSubjects: countMatchedSubjects(data.students),
    pendingApprovals: pendingApprovals(data.orders).length,
    expiringSoon: ordersExpiringSoon(data.orders, now).length,
  };
}
