/**
 * The dashboard's real figures for admins (issue 9), replacing the sample summary and the sample
 * recent-users list: summary tiles, the orders/revenue chart, and the orders waiting for approval
 * or expiring soon. Students, tutors and orders are admin data (spec 6), so the dashboard renders
 * this only for admins.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { EXPIRY_HORIZON_DAYS } from '@/features/statistics/aggregate';
import { FigureTiles } from '@/features/statistics/components/FigureTiles';
import { OrdersByMonthChart } from '@/features/statistics/components/OrdersByMonthChart';
import { OrdersShortList } from '@/features/statistics/components/OrdersShortList';
import { useStatistics } from '@/features/statistics/useStatistics';

export function DashboardStatistics() {
  const intl = useIntl();
  const stats = useStatistics();
  const expiringTitle = intl.formatMessage(
    { id: 'Statistics.expiring.title' },
    { days: EXPIRY_HORIZON_DAYS },
  );
  return (
    <>
      {stats.error && (
        <p className="notification is-danger" role="alert">
          <FormattedMessage id="Common.showError" />
        </p>
      )}
      <FigureTiles summary={stats.summary} loading={stats.loading} />
      <div className="columns is-multiline">
        <div className="column is-full">
          <div className="card">
            <header className="card-header">
              <h2 className="card-header-title">
                <FormattedMessage id="Statistics.chart.title" />
              </h2>
            </header>
            <div className="card-content">
              <OrdersByMonthChart months={stats.months} />
            </div>
          </div>
        </div>
        <div className="column is-full">
          <div className="card">
            <header className="card-header">
              <h2 className="card-header-title">{expiringTitle}</h2>
            </header>
            <div className="card-content">
              <OrdersShortList
                orders={stats.expiring}
                dateField="expiredDate"
                label={expiringTitle}
                csvFileName="expiring-orders"
                loading={stats.loading}
              />
            </div>
          </div>
        </div>
      </div>
      <div className="card mb-5">
        <header className="card-header">
          <h2 className="card-header-title">
            <FormattedMessage id="Statistics.pending.title" />
          </h2>
        </header>
        <div className="card-content">
          <OrdersShortList
            orders={stats.pending}
            dateField="createdAt"
            label={intl.formatMessage({ id: 'Statistics.pending.title' })}
            csvFileName="pending-approvals"
            loading={stats.loading}
          />
        </div>
      </div>
    </>
  );
}
