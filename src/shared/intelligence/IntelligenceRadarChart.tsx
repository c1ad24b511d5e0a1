/**
 * The multiple-intelligence radar (spec section 2, Test result tab and /chart/{data}; spec 9:
 * axis 0 to 18 in steps of 2). chart.js draws on a canvas, which screen readers cannot read, so
 * the chart is one `role="img"` whose label lists every score, and a visually hidden table gives
 * the same figures in rows.
 */
import {
  Chart as ChartJS,
  Filler,
  LineElement,
  PointElement,
  RadarController,
  RadialLinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { memo } from 'react';
import { Radar } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { INTELLIGENCES, MAX_SCORE, MIN_SCORE, SCORE_STEP } from './intelligences';

// Only what a radar needs: tree-shaking keeps the rest of chart.js out of the bundle.
ChartJS.register(RadarController, RadialLinearScale, PointElement, LineElement, Filler, Tooltip);

const OPTIONS: ChartOptions<'radar'> = {
  responsive: true,
  maintainAspectRatio: true,
  animation: false,
  scales: {
    r: {
      min: MIN_SCORE,
      max: MAX_SCORE,
      beginAtZero: true,
      ticks: { stepSize: SCORE_STEP },
      pointLabels: {
        color: (ctx) => INTELLIGENCES[ctx.index]?.color ?? '#4a4a4a',
        font: { size: 13, weight: 'bold' },
      },
    },
  },
  plugins: { legend: { display: false } },
};

/**
 * The canvas itself, memoised on plain strings ('\n'-joined labels, ','-joined scores) so that a
 * parent's re-render with an equal result does not redraw the chart.
 */
const RadarCanvas = memo(function RadarCanvas({
  labels,
  scores,
  datasetLabel,
}: {
  labels: string;
  scores: string;
  datasetLabel: string;
}) {
  const data = {
    labels: labels.split('\n'),
    datasets: [
      {
        label: datasetLabel,
        data: scores.split(',').map(Number),
        fill: true,
        backgroundColor: 'rgba(72, 95, 199, 0.15)',
        borderColor: 'rgba(72, 95, 199, 0.8)',
        borderWidth: 2,
        pointBackgroundColor: INTELLIGENCES.map((t) => t.color),
        pointBorderColor: INTELLIGENCES.map((t) => t.color),
        pointRadius: 5,
        pointHoverRadius: 7,
      },
    ],
  };
  return <Radar data={data} options={OPTIONS} aria-hidden="true" />;
});

export interface IntelligenceRadarChartProps {
  /** Eight scores in catalogue order, each 0..18. */
  scores: readonly number[];
  /** Extra class names of the figure. */
  className?: string;
}

/** Radar of eight intelligence scores, accessible as an image with a text summary and a table. */
export function IntelligenceRadarChart({ scores, className }: IntelligenceRadarChartProps) {
  const intl = useIntl();
  const names = INTELLIGENCES.map((t) => intl.formatMessage({ id: t.nameId }));
  const summary = intl.formatList(
    names.map((name, i) =>
      intl.formatMessage({ id: 'Intelligence.chart.scoreItem' }, { name, score: scores[i] ?? 0 }),
    ),
    { type: 'unit', style: 'long' },
  );

  return (
    <figure className={className}>
      <div
        role="img"
        aria-label={intl.formatMessage({ id: 'Intelligence.chart.label' }, { summary })}
        style={{ position: 'relative', maxWidth: '32rem', margin: '0 auto' }}
      >
        <RadarCanvas
          labels={names.join('\n')}
          scores={scores.join(',')}
          datasetLabel={intl.formatMessage({ id: 'Intelligence.chart.dataset' })}
        />
      </div>
      <table className="is-sr-only">
        <caption>{intl.formatMessage({ id: 'Intelligence.table.caption' })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'Intelligence.table.type' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'Intelligence.table.score' })}</th>
          </tr>
        </thead>
        <tbody>
          {INTELLIGENCES.map((t, i) => (
            <tr key={t.key}>
              <th scope="row">{names[i]}</th>
              <td>{scores[i] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
