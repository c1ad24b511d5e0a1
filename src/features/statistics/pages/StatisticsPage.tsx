/**
 * /statistic (spec section 2; issue 9: real figures replace the sample line chart): students,
 * active tutors, matched subjects, pending approvals, orders close to expiry, and orders and
 * revenue per month over the last 12 months.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { FigureTiles } from '../components/FigureTiles';
import { OrdersByMonthChart } from '../components/OrdersByMonthChart';
import { OrdersShortList } from '../components/OrdersShortList';
import { EXPIRY_HORIZON_DAYS } from '../aggregate';
import { useStatistics } from '../useStatistics';

export default function StatisticsPage() {
  const intl = useIntl();
  const stats = useStatistics();
  return (
    <section>
      <h1 className="title">
        <FormattedMessage id="Statistics.title" />
      </h1>
      {stats.error && (
        <p className="notification is-danger" role="alert">
          <FormattedMessage id="Common.showError" />
        </p>
      )}
      <FigureTiles summary={stats.summary} loading={stats.loading} />
      <div className="card mb-5">
        <header className="card-header">
          <h2 className="card-header-title">
            <FormattedMessage id="Statistics.chart.title" />
          </h2>
        </header>
        <div className="card-content">
          <OrdersByMonthChart months={stats.months} />
        </div>
      </div>
      <div className="columns is-multiline">
        <div className="column is-full">
          <div className="card">
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
        </div>
        <div className="column is-full">
          <div className="card">
            <header className="card-header">
              <h2 className="card-header-title">
                <FormattedMessage
                  id="Statistics.expiring.title"
                  values={{ days: EXPIRY_HORIZON_DAYS }}
                />
              </h2>
            </header>
            <div className="card-content">
              <OrdersShortList
                orders={stats.expiring}
                dateField="expiredDate"
                label={intl.formatMessage(
                  { id: 'Statistics.expiring.title' },
                  { days: EXPIRY_HORIZON_DAYS },
                )}
                csvFileName="expiring-orders"
                loading={stats.loading}
              />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
