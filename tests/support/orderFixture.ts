/**
 * Order records for the tests and benchmarks: one whole record as the rules and the order schema
 * require it (spec section 3, Order), each test overriding what it checks. An order for the public
 * QR and payment pages (spec section 2, route list and Payment instruction page), which read its
 * public facts, `publicOrders/{id}`, kept by the orders' trigger
 * (src/shared/domain/derived/publicOrders.ts), is written through firebase-admin as an import
 * would, and the triggers waited for, so that the entry is there when a page opens.
 */
import type { Order } from '@/shared/domain/order';
import { uniqueId, writeRecords } from './backend';

const DAY = 86_400_000;

/**
 * A pending order of 240.50 for 4 unused lessons of Physics, created and updated `now` (ms since
 * the epoch) and expiring 30 days later, with `overrides` on top.
 */
export function orderRecord(id: string, now: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    studentName: 'Public Student',
    studentEmail: 'public.student@tuition.test',
    tutorName: 'Public Tutor',
    tutorEmail: 'public.tutor@tuition.test',
    subjectName: 'Physics',
    total: 240.5,
    status: 'pending',
    isUsed: false,
    qty: 4,
    qtyLeft: 4,
    createdAt: now,
    expiredDate: now + 30 * DAY,
    updatedAt: now,
    isObsolete: false,
    order: 0,
    ...overrides,
  };
}

/**
 * Writes an {@link orderRecord} under a fresh id starting with `prefix` (24 characters at most)
 * and waits for the triggers (its `publicOrders` entry); resolves the id.
 */
export async function arrangePublicOrder(
  prefix: string,
  overrides: Partial<Order> = {},
): Promise<string> {
  const id = uniqueId(prefix).slice(0, 24);
  await writeRecords({ [`orders/${id}`]: orderRecord(id, Date.now(), overrides) });
  return id;
}

/** Removes the orders (their derived entries go with them, by the triggers, waited for). */
export async function removeOrders(ids: readonly string[]): Promise<void> {
  if (ids.length) await writeRecords(Object.fromEntries(ids.map((id) => [`orders/${id}`, null])));
}
