/**
 * A short list of orders (pending approvals, orders close to expiry) on the generic DataTable:
 * id, student, subject, total, and the date that matters (created or expiry).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Order } from '@/shared/domain/order';
import type { AppError } from '@/shared/errors';
import { formatMoney } from '@/shared/money';
import { DataTable } from '@/shared/table/DataTable';
import { csvDate } from '@/shared/table/csv';
import { ListDate } from '@/shared/table/ListDate';
import { orderFilterText } from '@/shared/domain/order';

export interface OrdersShortListProps {
  orders: Order[];
  /** Which date column to show. */
  dateField: 'createdAt' | 'expiredDate';
  /** Accessible name of the table and its CSV file name. */
  label: string;
  csvFileName: string;
  /** The orders list showing every order of this kind (its 'Open orders' link). */
  listUrl: string;
  loading?: boolean;
  error?: AppError | null;
}

/** Orders in a DataTable with a link to the orders list filtered to the same kind. */
export function OrdersShortList({
  orders,
  dateField,
  label,
  csvFileName,
  listUrl,
  loading,
  error,
}: OrdersShortListProps) {
  const intl = useIntl();
  const columns = useMemo<ColumnDef<Order, unknown>[]>(
    () => [
      {
        id: 'id',
        header: intl.formatMessage({ id: 'Orders.column.id' }),
        accessorKey: 'id',
        // Each order opens its own page (the orders feature's /orders/:id). The id stays on one
        // line (a 20-character push id broke over 4-5 lines on a phone); the other columns fold
        // below the row instead (DataTable hides what does not fit).
        cell: ({ row }) => (
          <Link
            to={`/orders/${encodeURIComponent(row.original.id)}`}
            style={{ whiteSpace: 'nowrap' }}
          >
            {row.original.id}
          </Link>
        ),
      },
      {
        id: 'student',
        header: intl.formatMessage({ id: 'Orders.column.student' }),
        accessorKey: 'studentName',
      },
      {
        id: 'subject',
        header: intl.formatMessage({ id: 'Orders.column.subject' }),
        accessorKey: 'subjectName',
      },
      {
        id: 'total',
        header: intl.formatMessage({ id: 'Orders.column.total' }),
        accessorKey: 'total',
        cell: ({ row }) => formatMoney(intl, row.original.total),
        meta: { className: 'has-text-right', csv: (o) => o.total },
      },
      {
        id: dateField,
        header: intl.formatMessage({
          id: dateField === 'createdAt' ? 'Orders.column.created' : 'Orders.column.expiry',
        }),
        accessorKey: dateField,
        cell: ({ row }) => <ListDate value={row.original[dateField]} />,
        meta: { csv: (o) => csvDate(o[dateField]) },
      },
    ],
    [intl, dateField],
  );
  return (
    <DataTable
      data={orders}
      columns={columns}
      getRowId={(o) => o.id}
      filterText={orderFilterText}
      label={label}
      csvFileName={csvFileName}
      loading={loading}
      error={error}
      initialPageSize={5}
      initialSorting={[{ id: dateField, desc: false }]}
      actions={
        <Link to={listUrl} className="button is-link is-light">
          {intl.formatMessage({ id: 'Statistics.openOrders' })}
        </Link>
      }
    />
  );
}
