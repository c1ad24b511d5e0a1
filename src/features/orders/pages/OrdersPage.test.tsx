import { configureStore } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@/app/testing/renderWithStore';
import type { AccountsApi } from '@/shared/accounts';
import type { ThunkExtra } from '@/shared/entitySlice';
import type { EntityApi } from '@/shared/rtdb';
import { orders } from '../ordersSlice';
import type { Order } from '../types';
import OrdersPage from './OrdersPage';

const DAY = 86_400_000;

function order(id: string, overrides: Partial<Order> = {}): Order {
  return {
    id,
    studentName: `Student ${id}`,
    studentEmail: `${id}@student.test`,
    tutorName: 'Ben Lim',
    tutorEmail: 'ben@tutor.test',
    subjectName: 'Mathematics',
    total: 1234.5,
    status: 'pending',
    isUsed: false,
    qty: 4,
    qtyLeft: 3,
    createdAt: Date.UTC(2024, 0, 1),
    expiredDate: Date.now() + 60 * DAY,
    updatedAt: Date.UTC(2024, 0, 1),
    isObsolete: false,
    order: 0,
    ...overrides,
  };
}

async function setup(rows: Order[]) {
  // The page follows the list through the slice's api (the thunks' extraArgument): an in-memory
  // one without `watch`, so the slice reads it once.
  const api: Pick<EntityApi<Order, never, never>, 'list'> = { list: async () => rows };
  const extra: ThunkExtra = { apis: { orders: api }, accounts: {} as AccountsApi };
  const store = configureStore({
    reducer: { orders: orders.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
  renderWithStore(store, <OrdersPage />);
  await waitFor(() => expect(store.getState().orders.ids).toHaveLength(rows.length));
}

describe('OrdersPage', () => {
  it('lists orders with SGD totals, lessons, status and expiry warnings; obsolete ones behind Show all', async () => {
    const user = userEvent.setup();
    await setup([
      order('a'),
      order('b', { status: 'approved', expiredDate: Date.now() + 2 * DAY }),
      order('c', { expiredDate: Date.now() - DAY }),
      order('d', { isObsolete: true }),
    ]);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).queryByRole('cell', { name: 'd' })).toBeNull();
    const rowA = within(table).getByRole('cell', { name: 'a' }).closest('tr') as HTMLElement;
    expect(rowA).toHaveTextContent('SGD 1,234.50');
    expect(rowA).toHaveTextContent('3 / 4');
    expect(rowA).toHaveTextContent('Pending');
    const rowB = within(table).getByRole('cell', { name: 'b' }).closest('tr') as HTMLElement;
    expect(rowB).toHaveTextContent('Expires soon');
    expect(within(rowB).getByRole('button', { name: 'View QR of order b' })).toBeInTheDocument();
    expect(within(rowB).queryByRole('button', { name: /Approve/ })).toBeNull();
    const rowC = within(table).getByRole('cell', { name: 'c' }).closest('tr') as HTMLElement;
    expect(rowC).toHaveTextContent('Expired');

    await user.click(screen.getByRole('switch', { name: 'Show all' }));
    expect(within(table).getByRole('cell', { name: 'd' })).toBeInTheDocument();
  });

  it('filters on student e-mail and subject (spec 5)', async () => {
    const user = userEvent.setup();
    await setup([order('a'), order('b', { subjectName: 'Chemistry' })]);
    const table = screen.getByRole('table', { name: 'Orders' });
    await user.type(screen.getByLabelText('Search'), 'CHEMIS');
    expect(within(table).queryByRole('cell', { name: 'a' })).toBeNull();
    expect(within(table).getByRole('cell', { name: 'b' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'a@student');
    expect(within(table).getByRole('cell', { name: 'a' })).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'b' })).toBeNull();
  });

  it('asks for confirmation before approving; cancel leaves it alone', async () => {
    const user = userEvent.setup();
    await setup([order('a')]);
    await user.click(screen.getByRole('button', { name: 'Approve order a' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve order', hidden: true });
    expect(dialog).toHaveTextContent('Approve order a of Student a for SGD 1,234.50?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the QR of an approved order at 256 px with a link to its page', async () => {
    const user = userEvent.setup();
    await setup([order('z', { status: 'approved' })]);
    await user.click(screen.getByRole('button', { name: 'View QR of order z' }));
    const qr = screen.getByRole('img', { name: 'QR code of order z', hidden: true });
    expect(qr).toHaveAttribute('width', '256');
    expect(screen.getByRole('link', { name: 'Open the QR page', hidden: true })).toHaveAttribute(
      'href',
      '/qrcode/z',
    );
  });
});
