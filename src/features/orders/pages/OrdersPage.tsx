/**
 * The orders list (spec section 2, Orders; section 4, Order status; section 5, orders filter):
 * id, student, tutor, subject, status, expiry, total (SGD), qtyLeft/qty and created columns
 * (status and expiry first: they are what an admin approving orders looks at, and at 1280 px the
 * columns after them scroll, with the actions column kept in view);
 * obsolete orders hidden behind 'Show all'; 'Approve' (confirmed, transactional) for orders not
 * yet approved and 'View QR' for approved ones.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLiveList } from '@/shared/lists/useLiveList';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { Switch } from '@/shared/forms/Switch';
import { PageCard } from '@/shared/lists/PageCard';
import { formatMoney } from '@/shared/money';
import { DataTable } from '@/shared/table/DataTable';
import { useShowAllParam } from '@/shared/table/listState';
import { formatListDate } from '@/shared/table/dates';
import { EmailText } from '@/shared/table/EmailText';
import { ListDate } from '@/shared/table/ListDate';
import { OrderQrDialog } from '../components/OrderQrDialog';
import { approveOrder, orders } from '../ordersSlice';
import { canApprove, expiryState, orderFilterText, visibleOrders } from '../orderView';
import type { Order, OrderStatus } from '../types';

const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'is-warning',
  paid: 'is-info',
  approved: 'is-success',
  cancelled: 'is-light',
};

/** The /orders page. */
export default function OrdersPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.orders);
  const all = useMemo(() => orders.selectors.selectAll(state), [state]);
  const [showAll, setShowAll] = useShowAllParam();
  const [approving, setApproving] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [qrFor, setQrFor] = useState<string | null>(null);
  // One instant per page view, so every row's expiry is judged against the same time.
  const [now] = useState(() => Date.now());

  // Followed live while shown (issue 16): approvals and changes by others appear here.
  const { retry } = useLiveList(orders);
  useEffect(() => {
    return () => {
      dispatch(orders.actions.cleanUp());
    };
  }, [dispatch]);

  const rows = useMemo(() => visibleOrders(all, showAll), [all, showAll]);

  const confirmApprove = async () => {
    if (!approving) return;
    setBusy(true);
    // Success and failure toasts come from the thunk (app/notifications).
    await dispatch(approveOrder(approving.id));
    setBusy(false);
    setApproving(null);
  };

  const money = (value: number) => formatMoney(intl, value);
  const date = (value: number | undefined) => formatListDate(intl, value);
  const statusText = (status: OrderStatus) =>
    intl.formatMessage({ id: `Orders.status.${status}`, defaultMessage: status });

  const columns = useMemo<ColumnDef<Order, unknown>[]>(
    () => [
      {
        id: 'id',
        header: intl.formatMessage({ id: 'Orders.column.id' }),
        accessorKey: 'id',
        // Push ids start with '-', which browsers would break the line after (table.css keeps
        // them whole except on phones, where the row must fit 320 px).
        cell: ({ row }) => (
          <span className="is-family-monospace is-size-7 is-record-key">{row.original.id}</span>
        ),
      },
      {
        id: 'student',
        header: intl.formatMessage({ id: 'Orders.column.student' }),
        accessorFn: (o) => o.studentName,
        cell: ({ row }) => (
          <>
            {row.original.studentName}
            <br />
            <span className="is-size-7 has-text-grey-dark">
              <EmailText email={row.original.studentEmail} />
            </span>
          </>
        ),
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
        cell: ({ row }) => (
          <span className={`tag ${STATUS_CLASS[row.original.status] ?? 'is-light'}`}>
            {statusText(row.original.status)}
          </span>
        ),
        meta: { csv: (o) => statusText(o.status) },
      },
      {
        id: 'expiredDate',
        header: intl.formatMessage({ id: 'Orders.column.expiry' }),
        accessorKey: 'expiredDate',
        cell: ({ row }) => {
          const expiry = expiryState(row.original, now);
          return (
            <span
              className={
                expiry === 'expired'
                  ? 'has-text-danger has-text-weight-semibold'
                  : expiry === 'soon'
                    ? 'has-text-warning-dark has-text-weight-semibold'
                    : undefined
              }
            >
              <ListDate value={row.original.expiredDate} />
              {expiry !== 'ok' && (
                <span className={`tag ml-2 ${expiry === 'expired' ? 'is-danger' : 'is-warning'}`}>
                  <FormattedMessage id={`Orders.expiry.${expiry}`} />
                </span>
              )}
            </span>
          );
        },
        meta: { csv: (o) => date(o.expiredDate) },
      },
      {
        id: 'total',
        header: intl.formatMessage({ id: 'Orders.column.total' }),
        accessorKey: 'total',
        cell: ({ row }) => money(row.original.total),
        meta: { className: 'has-text-right', csv: (o) => o.total.toFixed(2) },
      },
      {
        id: 'qty',
        header: intl.formatMessage({ id: 'Orders.column.qty' }),
        accessorFn: (o) => o.qtyLeft,
        cell: ({ row }) => `${row.original.qtyLeft} / ${row.original.qty}`,
        meta: { className: 'has-text-right', csv: (o) => `${o.qtyLeft}/${o.qty}` },
      },
      {
        id: 'createdAt',
        header: intl.formatMessage({ id: 'Orders.column.created' }),
        accessorKey: 'createdAt',
        cell: ({ row }) => <ListDate value={row.original.createdAt} />,
        meta: { csv: (o) => date(o.createdAt) },
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
    // money/date/statusText only depend on intl.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, now],
  );

  return (
    <PageCard
      title="Orders.title"
      after={
        <>
          <ConfirmDialog
            open={approving !== null}
            title={<FormattedMessage id="Orders.approveTitle" />}
            body={
              approving && (
                <FormattedMessage
                  id="Orders.approveBody"
                  values={{
                    id: approving.id,
                    student: approving.studentName,
                    total: money(approving.total),
                  }}
                />
              )
            }
            confirmLabel={<FormattedMessage id="Orders.approve" />}
            confirmClassName="is-success"
            loading={busy}
            onConfirm={() => void confirmApprove()}
            onCancel={() => setApproving(null)}
          />
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
        loading={state.loading}
        error={state.loadError}
        onRetry={retry}
        initialSorting={[{ id: 'createdAt', desc: true }]}
        actions={
          <div className="field mb-0 ml-3">
            <Switch
              id="orders-show-all"
              label={<FormattedMessage id="Orders.showAll" />}
              checked={showAll}
              onChange={setShowAll}
            />
          </div>
        }
      />
    </PageCard>
  );
}
