import { FormattedMessage } from 'react-intl';
import { ListDate } from '@/shared/table/ListDate';
import { expiryState } from '../orderView';
import type { Order, OrderStatus } from '../types';

const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'is-warning',
  paid: 'is-info',
  approved: 'is-success',
  cancelled: 'is-light',
};

/** An order's status as a coloured tag (spec 4), in the list and on the order's page. */
export function StatusTag({ status }: { status: OrderStatus }) {
  return (
    <span className={`tag ${STATUS_CLASS[status] ?? 'is-light'}`}>
      <FormattedMessage id={`Orders.status.${status}`} defaultMessage={status} />
    </span>
  );
}

/**
 * An order's expiry date, in red with 'Expired' once passed and in amber with 'Expires soon'
 * within EXPIRY_WARNING_DAYS (orderView `expiryState`).
 * @param now epoch ms the page judges expiry against
 */
export function ExpiryCell({ order, now }: { order: Pick<Order, 'expiredDate'>; now: number }) {
  const expiry = expiryState(order, now);
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
      <ListDate value={order.expiredDate} />
      {expiry !== 'ok' && (
        <span className={`tag ml-2 ${expiry === 'expired' ? 'is-danger' : 'is-warning'}`}>
          <FormattedMessage id={`Orders.expiry.${expiry}`} />
        </span>
      )}
    </span>
  );
}
