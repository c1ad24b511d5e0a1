import { useIntl } from 'react-intl';
import type { Order } from '@/features/orders/types';
import { OrdersShortList } from './OrdersShortList';
import { StatisticsCard } from './StatisticsCard';

/**
 * The card of orders waiting for approval (issue 9): its title also names the table and the CSV
 * file is 'pending-approvals'.
 */
export function PendingOrdersCard({
  orders,
  loading,
  className,
}: {
  orders: Order[];
  loading: boolean;
  /** Extra classes on the card (see StatisticsCard). */
  className?: string;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'Statistics.pending.title' });
  return (
    <StatisticsCard title={title} className={className}>
      <OrdersShortList
        orders={orders}
        dateField="createdAt"
        label={title}
        csvFileName="pending-approvals"
        loading={loading}
      />
    </StatisticsCard>
  );
}
