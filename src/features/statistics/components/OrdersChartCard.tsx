import { FormattedMessage } from 'react-intl';
import type { MonthFigures } from '../aggregate';
import { OrdersByMonthChart } from './OrdersByMonthChart';
import { StatisticsCard } from './StatisticsCard';

/** The card of orders and revenue per month, titled 'Statistics.chart.title'. */
export function OrdersChartCard({
  months,
  className,
}: {
  months: MonthFigures[];
  /** Extra classes on the card (see StatisticsCard). */
  className?: string;
}) {
  return (
    <StatisticsCard title={<FormattedMessage id="Statistics.chart.title" />} className={className}>
      <OrdersByMonthChart months={months} />
    </StatisticsCard>
  );
}
