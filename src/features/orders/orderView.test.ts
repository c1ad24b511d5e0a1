import {
  canApprove,
  expiryState,
  filterOrders,
  orderFilterText,
  ordersListUrl,
  parseOrderFilters,
  paymentUrl,
  studentPath,
  visibleOrders,
  writeOrderFilters,
} from './orderView';
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

describe('filterOrders', () => {
  const list = [
    order({ id: 'pending' }),
    order({ id: 'paid', status: 'paid' }),
    order({ id: 'approved', status: 'approved' }),
    order({ id: 'cancelled', status: 'cancelled' }),
    order({ id: 'obsoletePending', isObsolete: true }),
    order({ id: 'soon', status: 'approved', expiredDate: NOW + 3 * DAY }),
    order({ id: 'day14', status: 'approved', expiredDate: NOW + 14 * DAY }),
    order({ id: 'day15', status: 'approved', expiredDate: NOW + 15 * DAY }),
    order({ id: 'soonUsedUp', status: 'approved', expiredDate: NOW + 3 * DAY, qtyLeft: 0 }),
    order({ id: 'expired', expiredDate: NOW - DAY }),
  ];
  const ids = (filters: Parameters<typeof filterOrders>[1]) =>
    filterOrders(list, filters, NOW).map((o) => o.id);

  it('keeps every order without a filter', () => {
    expect(ids({})).toHaveLength(list.length);
  });

  it("'waiting' is the dashboard's pending approvals: pending or paid, not obsolete", () => {
    expect(ids({ status: 'waiting' })).toEqual(['pending', 'paid', 'expired']);
  });

  it('a status keeps the orders of that status', () => {
    expect(ids({ status: 'cancelled' })).toEqual(['cancelled']);
  });

  it("'expiring' is the dashboard's count: (now, now + 14 days], lessons left", () => {
    expect(ids({ expiry: 'expiring' })).toEqual(['soon', 'day14']);
  });

  it("'expired' keeps orders past their expiry with lessons left", () => {
    expect(ids({ expiry: 'expired' })).toEqual(['expired']);
    expect(ids({ status: 'approved', expiry: 'expired' })).toEqual([]);
  });
});

describe('order filters in the query string', () => {
  it('reads known values and ignores others', () => {
    expect(parseOrderFilters(new URLSearchParams('status=waiting&expiry=expiring'))).toEqual({
      status: 'waiting',
      expiry: 'expiring',
    });
    expect(parseOrderFilters(new URLSearchParams('status=nope&expiry=1'))).toEqual({
      status: undefined,
      expiry: undefined,
    });
  });

  it('writes them, keeps the rest of the list state and goes back to the first page', () => {
    const next = writeOrderFilters(new URLSearchParams('q=ana&page=3&status=paid'), {
      expiry: 'expired',
    });
    expect(next.toString()).toBe('q=ana&expiry=expired');
  });

  it('builds the links of the dashboard', () => {
    expect(ordersListUrl({ status: 'waiting' })).toBe('/orders?status=waiting');
    expect(ordersListUrl({})).toBe('/orders');
  });
});

describe('links of an order', () => {
  it('finds the student by the account e-mail, inactive students included', () => {
    expect(studentPath('ana+1@example.com')).toBe('/students?q=ana%2B1%40example.com&all=1');
  });

  it('gives the payment page with the total in 2 decimals, none for a total of 0', () => {
    expect(paymentUrl('https://x.sg', { id: '-Order1', total: 240.5 })).toBe(
      'https://x.sg/payment/-Order1/240.50',
    );
    expect(paymentUrl('https://x.sg', { id: '-Order1', total: 0 })).toBeNull();
  });
});
