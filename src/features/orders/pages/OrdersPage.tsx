/**
 * The orders list (spec section 2, Orders; section 4, Order status; section 5, orders filter):
 * id (a link to the order's detail), student (the child's name, a link to the student's record
 * found by the account's e-mail), the e-mail of the account that placed it, tutor, subject,
 * status, expiry, total (SGD), qtyLeft/qty and created columns (status and expiry first: they
 * are what an admin approving orders looks at, and at 1280 px the columns after them scroll, with
 * the actions column kept in view); a status and an expiry filter kept in the URL (the
 * dashboard's figures link to them); obsolete orders hidden behind 'Show all'; 'Approve'
 * (confirmed, transactional, the expiry said) for orders not yet approved and 'View QR' for
 * approved ones.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLiveList } from '@/shared/lists/useLiveList';
import { Switch } from '@/shared/forms/Switch';
import { PageCard } from '@/shared/lists/PageCard';
import { formatMoney } from '@/shared/money';
import { csvDate } from '@/shared/table/csv';
import { DataTable } from '@/shared/table/DataTable';
import { useShowAllParam } from '@/shared/table/listState';
import { EmailText } from '@/shared/table/EmailText';
import { ListDate } from '@/shared/table/ListDate';
import { ApproveOrderDialog } from '../components/ApproveOrderDialog';
import { BulkApproveButton } from '../components/BulkApproveButton';
import { OrderFilterSelects } from '../components/OrderFilterSelects';
import { OrderQrDialog } from '../components/OrderQrDialog';
import { ExpiryCell, StatusTag } from '../components/OrderCells';
import { orders } from '../ordersSlice';
import {
  canApprove,
  filterOrders,
  orderFilterText,
  orderPath,
  studentPath,
  visibleOrders,
} from '../orderView';
import type { OrderRow } from '../types';
import { useOrderFilters } from '../useOrderFilters';

/** The /orders page. */
export default function OrdersPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.orders);
  const all = useMemo(() => orders.selectors.selectAll(state), [state]);
  const [showAll, setShowAll] = useShowAllParam();
  const [approving, setApproving] = useState<OrderRow | null>(null);
  const [filters, setFilters] = useOrderFilters();
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // One instant per page view, so every row's expiry is judged against the same time.
  const [now] = useState(() => Date.now());

  // Followed live while shown: approvals and changes by others appear here.
  // After the first paint: a reload paints the persisted first page without a second render.
  const { retry, starting } = useLiveList(orders, { afterPaint: true });
  useEffect(() => {
    return () => {
      dispatch(orders.actions.cleanUp());
    };
  }, [dispatch]);

  const rows = useMemo(
    () => filterOrders(visibleOrders(all, showAll), filters, now),
    [all, showAll, filters, now],
  );

  const money = (value: number) => formatMoney(intl, value);

  const columns = useMemo<ColumnDef<OrderRow, unknown>[]>(
    () => [
      {
        id: 'id',
        header: intl.formatMessage({ id: 'Orders.column.id' }),
        accessorKey: 'id',
        // Push ids start with '-', which browsers would break the line after (table.css keeps
        // them whole except on phones, where the row must fit 320 px).
        cell: ({ row }) => (
          <Link
            to={orderPath(row.original.id)}
            className="is-family-monospace is-size-7 is-record-key"
          >
            {row.original.id}
          </Link>
        ),
      },
      {
        id: 'student',
        header: intl.formatMessage({ id: 'Orders.column.student' }),
        accessorFn: (o) => o.studentName,
        cell: ({ row }) => (
          <Link to={studentPath(row.original.studentEmail)}>{row.original.studentName}</Link>
        ),
      },
      {
        // The e-mail is the account's that placed the order (often a parent's), not the child's.
        id: 'account',
        header: intl.formatMessage({ id: 'Orders.column.account' }),
        accessorFn: (o) => o.studentEmail,
        cell: ({ row }) => <EmailText email={row.original.studentEmail} />,
      },
      {
        id: 'tutor',
        header: intl.formatMessage({ id: 'Orders.column.tutor' }),
        accessorFn: (o) => o.tutorName,
        cell: ({ row }) => (
          <>
            {row.original.tutorName}
            <br />
            <span className="is-size-7 has-text-grey-dark">
              <EmailText email={row.original.tutorEmail} />
            </span>
          </>
        ),
      },
      {
        id: 'subject',
        header: intl.formatMessage({ id: 'Orders.column.subject' }),
        accessorKey: 'subjectName',
      },
      {
        id: 'status',
        header: intl.formatMessage({ id: 'Orders.column.status' }),
        accessorKey: 'status',
        cell: ({ row }) => <StatusTag status={row.original.status} />,
        meta: {
          csv: (o) =>
            intl.formatMessage({ id: `Orders.status.${o.status}`, defaultMessage: o.status }),
        },
      },
      {
        id: 'expiredDate',
        header: intl.formatMessage({ id: 'Orders.column.expiry' }),
        accessorKey: 'expiredDate',
        cell: ({ row }) => <ExpiryCell order={row.original} now={now} />,
        meta: { csv: (o) => csvDate(o.expiredDate) },
      },
      {
        id: 'total',
        header: intl.formatMessage({ id: 'Orders.column.total' }),
        accessorKey: 'total',
        cell: ({ row }) => money(row.original.total),
        meta: { className: 'has-text-right', csv: (o) => o.total },
      },
      {
        id: 'qty',
        header: intl.formatMessage({ id: 'Orders.column.qty' }),
        accessorFn: (o) => o.qtyLeft,
        cell: ({ row }) => `${row.original.qtyLeft} / ${row.original.qty}`,
        meta: {
          className: 'has-text-right',
          // Two numbers in two columns: '3/4' would become the 3rd of April in a spreadsheet.
          csv: [
            { title: intl.formatMessage({ id: 'Orders.csv.qtyLeft' }), value: (o) => o.qtyLeft },
            { title: intl.formatMessage({ id: 'Orders.csv.qty' }), value: (o) => o.qty },
          ],
        },
      },
      {
        id: 'createdAt',
        header: intl.formatMessage({ id: 'Orders.column.created' }),
        accessorKey: 'createdAt',
        cell: ({ row }) => <ListDate value={row.original.createdAt} />,
        meta: { csv: (o) => csvDate(o.createdAt) },
      },
      {
        id: 'actions',
        header: intl.formatMessage({ id: 'Orders.column.actions' }),
        enableSorting: false,
        cell: ({ row }) =>
          canApprove(row.original) ? (
            <button
              type="button"
              className="button is-small is-success"
              aria-label={intl.formatMessage(
                { id: 'Orders.approveOrder' },
                { id: row.original.id },
              )}
              onClick={() => setApproving(row.original)}
            >
              <FormattedMessage id="Orders.approve" />
            </button>
          ) : (
            <button
              type="button"
              className="button is-small is-info is-light"
              aria-label={intl.formatMessage({ id: 'Orders.viewQrOf' }, { id: row.original.id })}
              onClick={() => setQrFor(row.original.id)}
            >
              <FormattedMessage id="Orders.viewQr" />
            </button>
          ),
        meta: { csv: false },
      },
    ],
    // money only depends on intl.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, now],
  );

  return (
    <PageCard
      title="Orders.title"
      after={
        <>
          <ApproveOrderDialog order={approving} now={now} onClose={() => setApproving(null)} />
          <OrderQrDialog orderId={qrFor} onClose={() => setQrFor(null)} />
        </>
      }
    >
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(o) => o.id}
        filterText={orderFilterText}
        label={intl.formatMessage({ id: 'Orders.title' })}
        csvFileName="orders"
        loading={state.loading || starting}
        error={state.loadError}
        onRetry={retry}
        initialSorting={[{ id: 'createdAt', desc: true }]}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (o) => intl.formatMessage({ id: 'Table.selectRow' }, { name: o.id }),
          actions: (chosen) => (
            <BulkApproveButton orders={chosen} onDone={() => setSelected(new Set())} />
          ),
        }}
        actions={
          <>
            <OrderFilterSelects filters={filters} onChange={setFilters} />
            <div className="field mb-0 ml-3">
              <Switch
                id="orders-show-all"
                label={<FormattedMessage id="Orders.showAll" />}
                checked={showAll}
                onChange={setShowAll}
              />
            </div>
          </>
        }
      />
    </PageCard>
  );
}
