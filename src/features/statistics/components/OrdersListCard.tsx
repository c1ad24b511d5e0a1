import { useIntl } from 'react-intl';
import { ordersListUrl, type Order } from '@/shared/domain/order';
import { EXPIRY_HORIZON_DAYS } from '@/shared/expiryWindow';
import { OrdersShortList } from './OrdersShortList';
import { StatisticsCard } from './StatisticsCard';

/** What tells the two order cards apart; everything else is the same card. */
const KINDS = {
  /** Orders waiting for approval, by creation date. */
  pending: {
    titleId: 'Statistics.pending.title',
    /** The title when the card lists only the oldest of more orders. */
    partTitleId: 'Statistics.pending.titleOldest',
    dateField: 'createdAt',
    csvFileName: 'pending-approvals',
    /** The orders list showing all of them. */
    listUrl: ordersListUrl({ status: 'waiting' }),
  },
  /** Orders expiring within EXPIRY_HORIZON_DAYS, by expiry date. */
  expiring: {
    titleId: 'Statistics.expiring.title',
    /** The title when the card lists only the soonest of more orders. */
    partTitleId: 'Statistics.expiring.titleSoonest',
    dateField: 'expiredDate',
    csvFileName: 'expiring-orders',
    listUrl: ordersListUrl({ expiry: 'expiring' }),
  },
} as const;

/**
 * A card of orders on the statistics page and the admin dashboard: those waiting for
 * approval (`kind="pending"`, CSV 'pending-approvals') or expiring within EXPIRY_HORIZON_DAYS
 * (`kind="expiring"`, CSV 'expiring-orders'). Its title also names the table; when `total` (the
 * tile's count) exceeds the orders listed, the title says the card lists only part of them: the
 * oldest (pending) or the soonest (expiring) `orders.length` of `total`.
 */
export function OrdersListCard({
  kind,
  orders,
  total,
  loading,
  className,
}: {
  kind: keyof typeof KINDS;
  orders: Order[];
  /** How many orders of this kind there are (the tile's figure); default: those listed. */
  total?: number;
  loading: boolean;
  /** Extra classes on the card (see StatisticsCard). */
  className?: string;
}) {
  const intl = useIntl();
  const { titleId, partTitleId, dateField, csvFileName, listUrl } = KINDS[kind];
  const part = total !== undefined && total > orders.length;
  // Titles without a placeholder ignore the values.
  const title = intl.formatMessage(
    { id: part ? partTitleId : titleId },
    { days: EXPIRY_HORIZON_DAYS, shown: orders.length, total },
  );
  return (
    <StatisticsCard title={title} className={className}>
      <OrdersShortList
        orders={orders}
        dateField={dateField}
        label={title}
        csvFileName={csvFileName}
        listUrl={listUrl}
        loading={loading}
      />
    </StatisticsCard>
  );
}
