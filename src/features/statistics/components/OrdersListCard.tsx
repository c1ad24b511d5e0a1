import { useIntl } from 'react-intl';
import type { Order } from '@/shared/domain/order';
import { EXPIRY_HORIZON_DAYS } from '../aggregate';
import { OrdersShortList } from './OrdersShortList';
import { StatisticsCard } from './StatisticsCard';

/** What tells the two order cards apart; everything else is the same card. */
const KINDS = {
  /** Orders waiting for approval, by creation date. */
  pending: {
    titleId: 'Statistics.pending.title',
    dateField: 'createdAt',
    csvFileName: 'pending-approvals',
  },
  /** Orders expiring within EXPIRY_HORIZON_DAYS, by expiry date. */
  expiring: {
    titleId: 'Statistics.expiring.title',
    dateField: 'expiredDate',
    csvFileName: 'expiring-orders',
  },
} as const;

/**
 * A card of orders (issue 9) on the statistics page and the admin dashboard: those waiting for
 * approval (`kind="pending"`, CSV 'pending-approvals') or expiring within EXPIRY_HORIZON_DAYS
 * (`kind="expiring"`, CSV 'expiring-orders'). Its title also names the table.
 */
export function OrdersListCard({
  kind,
  orders,
  loading,
  className,
}: {
  kind: keyof typeof KINDS;
  orders: Order[];
  loading: boolean;
  /** Extra classes on the card (see StatisticsCard). */
  className?: string;
}) {
  const intl = useIntl();
  const { titleId, dateField, csvFileName } = KINDS[kind];
  // Only the expiring title has a {days} placeholder; the pending one ignores the value.
  const title = intl.formatMessage({ id: titleId }, { days: EXPIRY_HORIZON_DAYS });
  return (
    <StatisticsCard title={title} className={className}>
      <OrdersShortList
        orders={orders}
        dateField={dateField}
        label={title}
        csvFileName={csvFileName}
        loading={loading}
      />
    </StatisticsCard>
  );
}
