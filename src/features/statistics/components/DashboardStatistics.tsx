/**
 * The dashboard's real figures for admins, replacing the sample summary and the sample recent-users
 * list: summary tiles, the orders/revenue chart, and the orders waiting for approval or expiring
 * soon. Students, tutors and orders are admin data (spec 6), so the dashboard renders this only for
 * admins. The pieces are the statistics page's; only the order differs (expiring orders first, the
 * dashboard's more urgent list).
 */
import { FigureTiles } from './FigureTiles';
import { OrdersChartCard } from './OrdersChartCard';
import { OrdersListCard } from './OrdersListCard';
import { StatisticsLoadError } from './StatisticsLoadError';
import { useStatistics } from '../useStatistics';

export function DashboardStatistics() {
  const stats = useStatistics();
  return (
    <>
      <StatisticsLoadError error={stats.error} />
      <FigureTiles summary={stats.summary} loading={stats.loading} />
      <div className="columns is-multiline">
        <div className="column is-full">
          <OrdersChartCard months={stats.months} />
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
      <OrdersListCard
        kind="pending"
        orders={stats.pending}
        total={stats.summary.pendingApprovals}
        loading={stats.loading}
        className="mb-5"
      />
    </>
  );
}
