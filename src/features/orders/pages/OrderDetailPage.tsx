/**
 * /orders/{id}: one order (spec section 3, Order): its fields, who it is for (the student's
 * name, a link to the student's record found by the account's e-mail, and that e-mail labelled
 * as the account's), its tutor, its payment link to copy (the public page /payment/{id}/{total}
 * of spec section 2), its history from the audit log, and Approve or View QR as in the list.
 * The order is followed live (`orders/{id}`), so an approval by anyone shows at once; its
 * history follows the audit log live. Orders have no form: they are approved, never edited.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { toAppError, type AppError } from '@/shared/errors';
import { PageCard } from '@/shared/lists/PageCard';
import { formatMoney } from '@/shared/money';
import { listReturnPath } from '@/shared/table/listState';
import { watchValue } from '@/shared/watchValue';
import { ApproveOrderDialog } from '../components/ApproveOrderDialog';
import { ExpiryCell, StatusTag } from '../components/OrderCells';
import { OrderQrDialog } from '../components/OrderQrDialog';
import { watchOrderHistory, type OrderHistoryEntry } from '../orderHistory';
import { canApprove, paymentUrl, studentPath, tutorPath } from '../orderView';
import type { Order, OrderStatus } from '../types';

/** The order as stored, `null` when there is none, `undefined` until the first read. */
function useOrder(id: string): { order: Order | null | undefined; error: AppError | null } {
  const [order, setOrder] = useState<Order | null | undefined>(undefined);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(
    () =>
      watchValue(
        `orders/${id}`,
        (value) => setOrder(value ? ({ ...(value as Omit<Order, 'id'>), id } as Order) : null),
        { onError: (e) => setError(toAppError(e)) },
      ),
    [id],
  );
  return { order, error };
}

/** The history of the order, followed live (orderHistory.ts `watchOrderHistory`). */
function useHistory(id: string) {
  const [entries, setEntries] = useState<OrderHistoryEntry[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(
    () =>
      watchOrderHistory(id, setEntries, (e) => {
        setError(toAppError(e));
      }),
    [id],
  );
  return { entries, error };
}

/** The copy button's state: nothing yet, copied, or the browser refused (the field stays). */
type CopyState = 'idle' | 'copied' | 'failed';

function PaymentLink({ order }: { order: Order }) {
  const intl = useIntl();
  const [copied, setCopied] = useState<CopyState>('idle');
  const url = paymentUrl(window.location.origin, order);
  if (!url) {
    return (
      <p className="has-text-grey">
        <FormattedMessage id="Orders.detail.noPaymentLink" />
      </p>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <div className="field has-addons mb-1">
        <div className="control is-expanded">
          <input
            className="input is-small is-family-monospace"
            readOnly
            value={url}
            aria-label={intl.formatMessage({ id: 'Orders.detail.paymentLink' })}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="control">
          <button type="button" className="button is-small" onClick={() => void copy()}>
            <FormattedMessage id="Orders.detail.copyLink" />
          </button>
        </div>
      </div>
      <p className="is-size-7" role="status">
        {copied === 'copied' && <FormattedMessage id="Orders.detail.copied" />}
        {copied === 'failed' && <FormattedMessage id="Orders.detail.copyFailed" />}
      </p>
      <p className="is-size-7">
        <a href={url} target="_blank" rel="noreferrer">
          <FormattedMessage id="Orders.detail.openPaymentPage" />
        </a>
      </p>
    </>
  );
}

/** One line of the history: when, who, what, and the status before and after. */
function HistoryItem({ entry }: { entry: OrderHistoryEntry }) {
  const intl = useIntl();
  const status = (value: unknown) =>
    typeof value === 'string'
      ? intl.formatMessage({ id: `Orders.status.${value as OrderStatus}`, defaultMessage: value })
      : '—';
  const before = (entry.before ?? {}) as { status?: unknown };
  const after = (entry.after ?? {}) as { status?: unknown };
  return (
    <li className="mb-2">
      <time dateTime={new Date(entry.at).toISOString()} className="has-text-weight-semibold">
        {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>{' '}
      <FormattedMessage
        id="Orders.detail.historyLine"
        values={{
          action: intl.formatMessage({ id: `Audit.action.${entry.action}` }),
          author:
            entry.authorName ??
            intl.formatMessage({ id: `Audit.authType.${entry.authType ?? 'unknown'}` }),
        }}
      />
      {after.status !== undefined && before.status !== after.status && (
        <span className="is-block is-size-7">
          <FormattedMessage
            id="Orders.detail.statusChange"
            values={{ before: status(before.status), after: status(after.status) }}
          />
        </span>
      )}
    </li>
  );
}

/** The /orders/:id page (see the module comment). */
export default function OrderDetailPage() {
  const intl = useIntl();
  const id = useParams().id ?? '';
  const { order, error } = useOrder(id);
  const history = useHistory(id);
  const [approving, setApproving] = useState(false);
  const [qr, setQr] = useState(false);
  // One instant per page view, as in the list.
  const [now] = useState(() => Date.now());

  const field = (labelId: string, value: ReactNode) => (
    <div className="column is-half-tablet is-one-third-desktop">
      <dt className="has-text-weight-semibold">
        <FormattedMessage id={labelId} />
      </dt>
      <dd>{value}</dd>
    </div>
  );

  let content: ReactNode;
  if (error) {
    content = (
      <p className="notification is-danger is-light" role="alert">
        {intl.formatMessage({ id: error.messageId }, { raw: error.raw ?? '' })}
      </p>
    );
  } else if (order === undefined) {
    content = (
      <p role="status">
        <FormattedMessage id="Common.loading" />
      </p>
    );
  } else if (order === null) {
    content = (
      <p className="notification is-warning is-light" role="alert">
        <FormattedMessage id="Orders.notFound" />
      </p>
    );
  } else {
    content = (
      <>
        <dl className="columns is-multiline">
          {field(
            'Orders.column.id',
            <span className="is-family-monospace is-record-key">{order.id}</span>,
          )}
          {field('Orders.column.status', <StatusTag status={order.status} />)}
          {field(
            'Orders.column.student',
            <Link to={studentPath(order.studentEmail)}>{order.studentName}</Link>,
          )}
          {field('Orders.column.account', order.studentEmail)}
          {field(
            'Orders.column.tutor',
            <>
              <Link to={tutorPath(order.tutorEmail)}>{order.tutorName}</Link>
              <span className="is-block is-size-7">{order.tutorEmail}</span>
            </>,
          )}
          {field('Orders.column.subject', order.subjectName)}
          {field('Orders.column.total', formatMoney(intl, order.total))}
          {field(
            'Orders.column.qty',
            <FormattedMessage
              id="Orders.detail.lessons"
              values={{ left: order.qtyLeft, bought: order.qty }}
            />,
          )}
          {field(
            'Orders.detail.used',
            <FormattedMessage id={order.isUsed ? 'Common.yes' : 'Common.no'} />,
          )}
          {field(
            'Orders.column.created',
            intl.formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
          )}
          {field('Orders.column.expiry', <ExpiryCell order={order} now={now} />)}
          {field(
            'Orders.detail.updated',
            intl.formatDate(order.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
          )}
          {order.isObsolete &&
            field('Orders.detail.obsolete', <FormattedMessage id="Common.yes" />)}
        </dl>
        <div className="buttons">
          {canApprove(order) ? (
            <button type="button" className="button is-success" onClick={() => setApproving(true)}>
              <FormattedMessage id="Orders.approve" />
            </button>
          ) : (
            <button type="button" className="button is-info is-light" onClick={() => setQr(true)}>
              <FormattedMessage id="Orders.viewQr" />
            </button>
          )}
        </div>
        <section aria-labelledby="order-payment" className="mt-5">
          <h2 id="order-payment" className="title is-6">
            <FormattedMessage id="Orders.detail.payment" />
          </h2>
          <PaymentLink order={order} />
        </section>
        <section aria-labelledby="order-history" className="mt-5">
          <h2 id="order-history" className="title is-6">
            <FormattedMessage id="Orders.detail.history" />
          </h2>
          {history.error ? (
            <p className="has-text-danger" role="alert">
              {intl.formatMessage(
                { id: history.error.messageId },
                { raw: history.error.raw ?? '' },
              )}
            </p>
          ) : history.entries === null ? (
            <p role="status">
              <FormattedMessage id="Common.loading" />
            </p>
          ) : (
            <ol className="ml-0" style={{ listStyle: 'none' }}>
              <li className="mb-2">
                <time
                  dateTime={new Date(order.createdAt).toISOString()}
                  className="has-text-weight-semibold"
                >
                  {intl.formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>{' '}
                <FormattedMessage id="Orders.detail.placed" />
              </li>
              {history.entries.map((entry) => (
                <HistoryItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
        </section>
      </>
    );
  }

  return (
    <PageCard
      title="Orders.detail.title"
      after={
        <>
          <ApproveOrderDialog
            order={approving && order ? order : null}
            now={now}
            onClose={() => setApproving(false)}
          />
          <OrderQrDialog orderId={qr && order ? order.id : null} onClose={() => setQr(false)} />
        </>
      }
    >
      <p className="mb-4">
        {/* Back to the list as it was left (its search, filters and page). */}
        <Link to={listReturnPath('/orders')}>
          <FormattedMessage id="Orders.detail.back" />
        </Link>
      </p>
      {content}
    </PageCard>
  );
}
