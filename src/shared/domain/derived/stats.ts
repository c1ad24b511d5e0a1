/**
 * Aggregate nodes of the dashboard and the statistics page (figures without reading whole
 * collections), kept by the server (functions/src/derivedNodes.ts):
 *
 * - `stats/counts/students`: students (spec 2, dashboard);
 * - `stats/counts/activeTutors`: tutors whose `status` is not false (spec 3: status hides others);
 * - `stats/counts/matchedSubjects`: (student, subject) pairs with a confirmed tutor (spec 3,
 *   Tutor mapping: `tutorMapping/{subject}/confirmed`);
 * - `stats/counts/pendingApprovals`: orders waiting for approval (status 'pending' or 'paid', not
 *   obsolete; spec 4);
 * - `stats/pendingQueue/{orderId}`: the same orders, valued by createdAt (epoch ms), so the
 *   dashboard reads the oldest few with `orderByValue().limitToFirst(n)`;
 * - `stats/expiryQueue/{orderId}`: the orders that can still expire with lessons left
 *   (`isExpiryCandidate`), valued by expiredDate (epoch ms), so the dashboard counts and lists
 *   those expiring in a window with `orderByValue().startAfter(now).endAt(horizon)`, about 35
 *   bytes an order instead of the whole order;
 * - `stats/expiryDays/{yyyy-MM-dd}`: how many entries of `stats/expiryQueue` fall on each agency-time
 *   day, so that the count of a window reads a dozen day counts and the entries of the two days
 *   it starts and ends in, instead of every entry of the window (shared/expiryWindow.ts);
 * - `stats/months/{yyyy-MM}/orders` and `.../revenueCents`: orders created in the month (not
 *   obsolete, not cancelled) and the totals of the approved ones, in integer cents so that sums
 *   stay exact under concurrent `increment()`s (floating-point SGD would drift);
 *   `stats/totals/orders` and `.../revenueCents`: the same over all months.
 *
 * Months are calendar months in the agency's time zone, Singapore (spec: a Singapore agency;
 * UTC+8 all year, no daylight saving since 1982), so every admin, server and test sees the same
 * month whatever its own zone: `monthKey` adds 8 h and reads the UTC calendar.
 *
 * Counters move by `increment(delta)` of each record's change (before -> after), once per change;
 * the queues are projections of each order.
 */
import { composeDerivations, type Derivation } from './derivation';

/** The root of the aggregate nodes. */
export const STATS_PATH = 'stats';
/** Path of each counter. */
export const COUNT_PATHS = {
  students: `${STATS_PATH}/counts/students`,
  activeTutors: `${STATS_PATH}/counts/activeTutors`,
  matchedSubjects: `${STATS_PATH}/counts/matchedSubjects`,
  pendingApprovals: `${STATS_PATH}/counts/pendingApprovals`,
} as const;
/**
 * The month figures summed over all months: the rules check each order write's delta on these
 * fixed paths (a rule cannot compute a month key), which keeps the month figures exact too.
 */
export const TOTAL_PATHS = {
  orders: `${STATS_PATH}/totals/orders`,
  revenueCents: `${STATS_PATH}/totals/revenueCents`,
} as const;
/** Per-month order figures: `{yyyy-MM}/orders` and `{yyyy-MM}/revenueCents`. */
export const MONTHS_PATH = `${STATS_PATH}/months`;
/** Orders waiting for approval, `{orderId}: createdAt`. */
export const PENDING_QUEUE_PATH = `${STATS_PATH}/pendingQueue`;
/** Orders that can expire with lessons left, `{orderId}: expiredDate`. */
export const EXPIRY_QUEUE_PATH = `${STATS_PATH}/expiryQueue`;

/** Entries of the expiry queue per agency-time day, `{yyyy-MM-dd}: count` (absent = 0). */
export const EXPIRY_DAYS_PATH = `${STATS_PATH}/expiryDays`;

/** The counters, as stored under `stats/counts` (absent = 0). */
export type StatsCounts = Record<keyof typeof COUNT_PATHS, number>;
/** One month under `stats/months` (absent = 0). */
export interface MonthStats {
  orders: number;
  revenueCents: number;
}

/** The agency's time zone (IANA), for showing month labels (Intl `timeZone`). */
export const AGENCY_TIME_ZONE = 'Asia/Singapore';
/** The agency's offset from UTC (Singapore, UTC+8, no daylight saving). */
export const AGENCY_UTC_OFFSET_MS = 8 * 3_600_000;

/** The agency-time calendar month 'yyyy-MM' of an instant (epoch ms). */
export function monthKey(epochMs: number): string {
  return new Date(epochMs + AGENCY_UTC_OFFSET_MS).toISOString().slice(0, 7);
}

/** One day in ms (agency days have no daylight saving: always 24 h). */
export const DAY_MS = 86_400_000;

/**
 * The first and last instants (epoch ms) whose agency-time day has a 4-digit year, 0000-01-01 to
 * 9999-12-31: the days whose 'yyyy-MM-dd' key sorts as the calendar does.
 */
const KEYED_DAYS = {
  first: -62_167_219_200_000,
  last: 253_402_300_799_999,
} as const;

/** The agency-time day 'yyyy-MM-dd' of an instant (epoch ms), as `monthKey`. */
export function dayKey(epochMs: number): string {
  return new Date(epochMs + AGENCY_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant (epoch ms) of the agency-time day of `epochMs`. */
export function dayStart(epochMs: number): number {
  return Math.floor((epochMs + AGENCY_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - AGENCY_UTC_OFFSET_MS;
}

/**
 * True when `epochMs`'s agency-time day has a key in `stats/expiryDays` (a 4-digit year): an
 * expiry date out of that range (none is in any real window) is queued but not counted by day.
 */
export const hasDayKey = (epochMs: number) =>
  Number.isFinite(epochMs) &&
  epochMs + AGENCY_UTC_OFFSET_MS >= KEYED_DAYS.first &&
  epochMs + AGENCY_UTC_OFFSET_MS <= KEYED_DAYS.last;

/** The first instant (epoch ms) of the agency-time month `offset` months after `epochMs`'s. */
export function monthStart(epochMs: number, offset = 0): number {
  const local = new Date(epochMs + AGENCY_UTC_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + offset, 1) - AGENCY_UTC_OFFSET_MS;
}

/** An amount in SGD (2 decimals) as integer cents. */
export const toCents = (amount: number) => Math.round(amount * 100);

/** The fields of a person the counters read. */
export interface PersonFacts {
  status?: boolean;
  tutorMapping?: Record<string, { confirmed?: string | null } | null | undefined>;
}

/** The fields of an order the counters read (spec 3, Order). */
export interface OrderFacts {
  status: string;
  isObsolete?: boolean;
  createdAt?: number;
  total: number;
  /** Lessons left (spec 3, Order: 0 <= qtyLeft <= qty). */
  qtyLeft?: number;
  /** When the lessons expire, epoch ms. */
  expiredDate?: number;
}

/** Subjects of a student with a confirmed tutor. */
export function matchedSubjects(student: PersonFacts | null): number {
  if (!student) return 0;
  return Object.values(student.tutorMapping ?? {}).filter((m) => Boolean(m?.confirmed)).length;
}

/** 1 for an active tutor (status not false), 0 otherwise or absent. */
export const isActiveTutor = (tutor: PersonFacts | null) =>
  tutor && tutor.status !== false ? 1 : 0;

/** True for an order waiting for approval: 'pending' or 'paid', not obsolete (spec 4). */
export const isPendingApproval = (order: OrderFacts | null): order is OrderFacts =>
  !!order && !order.isObsolete && (order.status === 'pending' || order.status === 'paid');

/**
 * True for an order that can expire with lessons left (the dashboard's orders close to expiry): not
 * obsolete, not cancelled, qtyLeft > 0 and a numeric expiredDate. The `stats/expiryQueue`
 * entries and the dashboard's expiring list both use it.
 */
export const isExpiryCandidate = (
  order: OrderFacts | null,
): order is OrderFacts & { expiredDate: number } =>
  !!order &&
  !order.isObsolete &&
  order.status !== 'cancelled' &&
  typeof order.qtyLeft === 'number' &&
  order.qtyLeft > 0 &&
  typeof order.expiredDate === 'number';

/**
 * The month figures an order adds: `[month, revenueCents]` when it counts (not obsolete, not
 * cancelled, with a numeric createdAt; revenue only when approved), else null.
 */
export function orderMonthShare(order: OrderFacts | null): [string, number] | null {
  if (!order || order.isObsolete || order.status === 'cancelled') return null;
  if (typeof order.createdAt !== 'number') return null;
  return [monthKey(order.createdAt), order.status === 'approved' ? toCents(order.total) : 0];
}

/**
 * A Derivation made of counters: `share(record, add)` adds a record's share of each counter;
 * rebuild gives the sums over all records, `zero` for counters none adds to.
 */
function counters<T extends object>(
  share: (record: T, add: (path: string, n: number) => void) => void,
  zero: Record<string, number>,
): Derivation {
  const shareOf = (record: object | null) => {
    const out: Record<string, number> = {};
    if (record) share(record as T, (path, n) => (out[path] = (out[path] ?? 0) + n));
    return out;
  };
  return {
    count: shareOf,
    rebuild: (records) => {
      const sums: Record<string, number> = { ...zero };
      for (const record of Object.values(records))
        for (const [path, n] of Object.entries(shareOf(record))) sums[path] = (sums[path] ?? 0) + n;
      return sums;
    },
  };
}

/** The counters of students (`stats/counts/students`, `stats/counts/matchedSubjects`). */
export const studentStats = counters<PersonFacts>(
  (student, add) => {
    add(COUNT_PATHS.students, 1);
    add(COUNT_PATHS.matchedSubjects, matchedSubjects(student));
  },
  { [COUNT_PATHS.students]: 0, [COUNT_PATHS.matchedSubjects]: 0 },
);

/** The counter of active tutors (`stats/counts/activeTutors`). */
export const tutorStats = counters<PersonFacts>(
  (tutor, add) => add(COUNT_PATHS.activeTutors, isActiveTutor(tutor)),
  { [COUNT_PATHS.activeTutors]: 0 },
);

/** (student, subject) pairs a tutor is the confirmed tutor of (`confirmedStudents`). */
export function confirmedPairs(tutor: { confirmedStudents?: Record<string, object | null> }) {
  return Object.values(tutor.confirmedStudents ?? {}).reduce(
    (sum, subjects) => sum + Object.keys(subjects ?? {}).length,
    0,
  );
}

/** Pending approvals and the per-month figures of orders. */
const orderCounters = counters<OrderFacts>(
  (order, add) => {
    if (isPendingApproval(order)) add(COUNT_PATHS.pendingApprovals, 1);
    const share = orderMonthShare(order);
    if (share) {
      add(`${MONTHS_PATH}/${share[0]}/orders`, 1);
      add(`${MONTHS_PATH}/${share[0]}/revenueCents`, share[1]);
      add(TOTAL_PATHS.orders, 1);
      add(TOTAL_PATHS.revenueCents, share[1]);
    }
  },
  { [COUNT_PATHS.pendingApprovals]: 0, [TOTAL_PATHS.orders]: 0, [TOTAL_PATHS.revenueCents]: 0 },
);

/**
 * A queue of orders `{path}/{orderId}: value`, holding the orders whose `value` is a number (null:
 * not queued); read sorted by value with `orderByValue()` (`.indexOn: ".value"` in the rules).
 */
function orderQueue(path: string, value: (order: OrderFacts | null) => number | null): Derivation {
  return {
    project: (id, record) => ({ [`${path}/${id}`]: value(record as OrderFacts | null) }),
    rebuild: (records) => {
      const queue: Record<string, number> = {};
      for (const [id, order] of Object.entries(records as Readonly<Record<string, OrderFacts>>)) {
        const v = value(order);
        if (v !== null) queue[id] = v;
      }
      return { [path]: queue };
    },
  };
}

/** `stats/pendingQueue`: each order waiting for approval, valued by its createdAt (0: none). */
const pendingQueue = orderQueue(PENDING_QUEUE_PATH, (order) =>
  isPendingApproval(order) ? (typeof order.createdAt === 'number' ? order.createdAt : 0) : null,
);

/** `stats/expiryQueue`: each order that can expire with lessons left, valued by expiredDate. */
const expiryQueue = orderQueue(EXPIRY_QUEUE_PATH, (order) =>
  isExpiryCandidate(order) ? order.expiredDate : null,
);

/**
 * Pending approvals and the per-month orders and revenue; rebuild gives `stats/months` as a whole
 * (months without orders left out).
 */
const orderFigures: Derivation = {
  count: orderCounters.count,
  rebuild: (records) => {
    const totals = orderCounters.rebuild(records) as Record<string, number>;
    const months: Record<string, Partial<MonthStats>> = {};
    const out: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(totals)) {
      if (!path.startsWith(`${MONTHS_PATH}/`)) {
        out[path] = value;
        continue;
      }
      const [month, field] = path.slice(MONTHS_PATH.length + 1).split('/') as [string, string];
      (months[month] ??= {})[field as keyof MonthStats] = value;
    }
    out[MONTHS_PATH] = months;
    return out;
  },
};

/**
 * `stats/expiryDays`: the entries of `stats/expiryQueue` counted by the agency-time day of their
 * value; counters like the month figures, so they move by each change's difference once. Rebuild
 * gives the node as a whole (days without entries left out).
 */
const expiryDays: Derivation = (() => {
  const days = counters<OrderFacts>((order, add) => {
    if (isExpiryCandidate(order) && hasDayKey(order.expiredDate))
      add(`${EXPIRY_DAYS_PATH}/${dayKey(order.expiredDate)}`, 1);
  }, {});
  return {
    count: days.count,
    rebuild: (records) => {
      const byDay: Record<string, number> = {};
      for (const [path, n] of Object.entries(days.rebuild(records) as Record<string, number>))
        if (n !== 0) byDay[path.slice(EXPIRY_DAYS_PATH.length + 1)] = n;
      return { [EXPIRY_DAYS_PATH]: byDay };
    },
  };
})();

/**
 * The order figures: pending approvals (counter and queue), the per-month orders and revenue,
 * the expiry queue and its count by day.
 */
export const orderStats = composeDerivations(orderFigures, pendingQueue, expiryQueue, expiryDays);
