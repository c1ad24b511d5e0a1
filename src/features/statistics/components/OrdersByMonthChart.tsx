/**
 * Orders (bars, left axis) and revenue in SGD (line, right axis) per month for the last 12 months.
 * Like the radar, the canvas is one `role="img"` with a summary, and a visually hidden table holds
 * the figures.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { memo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { AGENCY_TIME_ZONE } from '@/shared/domain/derived/stats';
import { formatMoney } from '@/shared/money';
import type { MonthFigures } from '../aggregate';

ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const OPTIONS: ChartOptions<'bar' | 'line'> = {
  responsive: true,
  // The container sets the height (see below), so a phone gets a readable chart, not a 3:1 strip.
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
  scales: {
    orders: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 } },
    revenue: {
      type: 'linear',
      position: 'right',
      beginAtZero: true,
      grid: { drawOnChartArea: false },
    },
  },
};

/** The canvas, memoised on plain strings so a re-render with equal figures does not redraw. */
const Canvas = memo(function Canvas({
  labels,
  orders,
  revenue,
  ordersLabel,
  revenueLabel,
}: {
  labels: string;
  orders: string;
  revenue: string;
  ordersLabel: string;
  revenueLabel: string;
}) {
  const data: ChartData<'bar' | 'line'> = {
    labels: labels.split('\n'),
    datasets: [
      {
        type: 'bar',
        label: ordersLabel,
        data: orders.split(',').map(Number),
        yAxisID: 'orders',
        backgroundColor: 'rgba(72, 95, 199, 0.6)',
      },
      {
        type: 'line',
        label: revenueLabel,
        data: revenue.split(',').map(Number),
        yAxisID: 'revenue',
        borderColor: '#48c78e',
        backgroundColor: '#48c78e',
        tension: 0.2,
      },
    ],
  };
  return <Chart type="bar" data={data} options={OPTIONS} aria-hidden="true" />;
});

/** Bar + line chart of `months` (oldest first). */
export function OrdersByMonthChart({ months }: { months: readonly MonthFigures[] }) {
  const intl = useIntl();
  // Months are the agency's (stats.ts): label them in its time zone, not the browser's.
  const label = (m: MonthFigures) =>
    intl.formatDate(m.start, { month: 'short', year: 'numeric', timeZone: AGENCY_TIME_ZONE });
  const money = (v: number) => formatMoney(intl, v);
  const totalOrders = months.reduce((sum, m) => sum + m.orders, 0);
  const totalRevenue = months.reduce((sum, m) => sum + m.revenue, 0);
  const ordersLabel = intl.formatMessage({ id: 'Statistics.chart.orders' });
  const revenueLabel = intl.formatMessage({ id: 'Statistics.chart.revenue' });
  return (
    <figure>
      <div
        role="img"
        // About 3:1 on a desktop card; at least 16rem high on a phone.
        style={{ position: 'relative', height: 'clamp(16rem, 25vw, 20rem)' }}
        aria-label={intl.formatMessage(
          { id: 'Statistics.chart.summary' },
          { months: months.length, orders: totalOrders, revenue: money(totalRevenue) },
        )}
      >
        <Canvas
          labels={months.map(label).join('\n')}
          orders={months.map((m) => m.orders).join(',')}
          revenue={months.map((m) => m.revenue).join(',')}
          ordersLabel={ordersLabel}
          revenueLabel={revenueLabel}
        />
      </div>
      {/* The wrapper hides it: a table ignores the tiny width of .is-sr-only, and its full
          width widened the page on a 320 px phone. */}
      <div className="is-sr-only">
        <table>
          <caption>{intl.formatMessage({ id: 'Statistics.chart.title' })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'Statistics.chart.month' })}</th>
              <th scope="col">{ordersLabel}</th>
              <th scope="col">{revenueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{label(m)}</th>
                <td>{m.orders}</td>
                <td>{money(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
