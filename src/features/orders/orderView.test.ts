import { canApprove, expiryState, orderFilterText, visibleOrders } from './orderView';
import type { Order } from './types';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 5, 15, 12);

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '-Order1',
    studentName: 'Ana Tan',
    studentEmail: 'ana@example.com',
    tutorName: 'Ben Lim',
    tutorEmail: 'ben@example.com',
    subjectName: 'Mathematics',
    total: 240,
    status: 'pending',
    isUsed: false,
    qty: 4,
    qtyLeft: 4,
    createdAt: NOW - 10 * DAY,
    expiredDate: NOW + 30 * DAY,
    updatedAt: NOW - 10 * DAY,
    isObsolete: false,
    order: 0,
    ...overrides,
  };
}

describe('expiryState', () => {
  it.each([
    [NOW - 1, 'expired'],
    [NOW, 'expired'],
    [NOW + 1, 'soon'],
    [NOW + 7 * DAY, 'soon'],
    [NOW + 7 * DAY + 1, 'ok'],
  ] as const)('expiredDate now%+d ms is %s', (expiredDate, expected) => {
    expect(expiryState({ expiredDate }, NOW)).toBe(expected);
  });
});

describe('orderFilterText', () => {
  it('searches id, student and tutor names and e-mails, and the subject (spec 5)', () => {
    expect(orderFilterText(order())).toEqual([
      '-Order1',
      'Ana Tan',
      'ana@example.com',
      'Ben Lim',
      'ben@example.com',
      'Mathematics',
    ]);
  });
});

describe('visibleOrders', () => {
  const list = [order({ id: 'a' }), order({ id: 'b', isObsolete: true })];
  it('hides obsolete orders unless all are requested', () => {
    expect(visibleOrders(list, false).map((o) => o.id)).toEqual(['a']);
    expect(visibleOrders(list, true).map((o) => o.id)).toEqual(['a', 'b']);
  });
});

describe('canApprove', () => {
  it('allows any status but approved (spec 4)', () => {
    expect(canApprove({ status: 'pending' })).toBe(true);
    expect(canApprove({ status: 'paid' })).toBe(true);
    expect(canApprove({ status: 'cancelled' })).toBe(true);
    expect(canApprove({ status: 'approved' })).toBe(false);
  });
});
