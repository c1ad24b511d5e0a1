import { useIntl } from 'react-intl';
import type { Order } from '@/features/orders/types';
import { EXPIRY_HORIZON_DAYS } from '../aggregate';
import { OrdersShortList } from './OrdersShortList';
import { StatisticsCard } from './StatisticsCard';

/**
 * The card of orders expiring within EXPIRY_HORIZON_DAYS (issue 9): its title also names the
 * table and the CSV file is 'expiring-orders'.
 */
export function ExpiringOrdersCard({
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
  const title = intl.formatMessage(
    { id: 'Statistics.expiring.title' },
    { days: EXPIRY_HORIZON_DAYS },
  );
  return (
    <StatisticsCard title={title} className={className}>
      <OrdersShortList
        orders={orders}
        dateField="expiredDate"
        label={title}
        csvFileName="expiring-orders"
        loading={loading}
      />
    </StatisticsCard>
  );
}
