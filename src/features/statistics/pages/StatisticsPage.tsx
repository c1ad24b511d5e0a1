/**
 * /statistic (spec section 2; real figures in place of the spec's sample line chart): students,
 * active tutors, matched subjects, pending approvals, orders close to expiry, and orders and
 * revenue per month over the last 12 months.
 */
import { DocumentTitle } from '@/shared/DocumentTitle';
import { FormattedMessage } from 'react-intl';
import { FigureTiles } from '../components/FigureTiles';
import { OrdersChartCard } from '../components/OrdersChartCard';
import { OrdersListCard } from '../components/OrdersListCard';
import { StatisticsLoadError } from '../components/StatisticsLoadError';
import { useStatistics } from '../useStatistics';

export default function StatisticsPage() {
  const stats = useStatistics();
  return (
    <section>
      <DocumentTitle title="Statistics.title" />
      <h1 className="title">
        <FormattedMessage id="Statistics.title" />
      </h1>
      <StatisticsLoadError error={stats.error} />
      <FigureTiles summary={stats.summary} loading={stats.loading} />
      <OrdersChartCard months={stats.months} className="mb-5" />
      <div className="columns is-multiline">
        <div className="column is-full">
          <OrdersListCard
            kind="pending"
            orders={stats.pending}
            total={stats.summary.pendingApprovals}
            loading={stats.loading}
          />
        </div>
        <div className="column is-full">
          <OrdersListCard
            kind="expiring"
            orders={stats.expiring}
            total={stats.summary.expiringSoon}
            loading={stats.loading}
          />
        </div>
      </div>
    </section>
  );
}
