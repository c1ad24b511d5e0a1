/**
 * The multiple-intelligence radar (spec section 2, Test result tab and /chart/{data}; spec 9:
 * axis 0 to 18 in steps of 2). chart.js draws on a canvas, which screen readers cannot read, so
 * the chart is one `role="img"` whose label lists every score, and a visually hidden table gives
 * the same figures in rows.
 *
 * Readable from 320 px up: the canvas takes its column's width (up to 32rem), and below
 * COMPACT_WIDTH its labels wrap into short lines (`wrapLabel`) in a smaller font and the axis
 * numbers show every 6 points only (the rings stay every 2), so the radar keeps most of the
 * width instead of giving it to labels cut at the edges and numbers drawn over each other.
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
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Radar } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { INTELLIGENCES, MAX_SCORE, MIN_SCORE, SCORE_STEP, wrapLabel } from './intelligences';

// Only what a radar needs: tree-shaking keeps the rest of chart.js out of the bundle.
ChartJS.register(RadarController, RadialLinearScale, PointElement, LineElement, Filler, Tooltip);

/** Below this width (CSS px) of the chart, labels wrap and axis numbers thin out. */
const COMPACT_WIDTH = 480;
/** Characters a label line holds on a compact chart. */
const COMPACT_LABEL_CHARS = 10;
/** On a compact chart, the axis numbers shown: every this many points. */
const COMPACT_TICK_EVERY = 6;

/** The chart's options for a canvas `width` CSS px wide (0: not measured yet, as wide). */
function chartOptions(width: number): ChartOptions<'radar'> {
  const compact = width > 0 && width < COMPACT_WIDTH;
  return {
    responsive: true,
    maintainAspectRatio: true,
    animation: false,
    scales: {
      r: {
        min: MIN_SCORE,
        max: MAX_SCORE,
        beginAtZero: true,
        ticks: {
          stepSize: SCORE_STEP,
          font: { size: compact ? 9 : 12 },
          backdropPadding: compact ? 1 : 2,
          // Rings every 2 points (spec 9); on a small chart their numbers would touch.
          callback: (value) =>
            compact && (Number(value) === 0 || Number(value) % COMPACT_TICK_EVERY !== 0)
              ? ''
              : String(value),
        },
        pointLabels: {
          color: (ctx) => INTELLIGENCES[ctx.index]?.color ?? '#4a4a4a',
          font: { size: compact ? (width < 360 ? 10 : 11) : 13, weight: 'bold' },
          padding: compact ? 2 : 5,
        },
      },
    },
    plugins: { legend: { display: false } },
  };
}

/** The width (CSS px) of `element`, followed as it changes (0 until measured). */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    // Without ResizeObserver (jsdom, very old browsers) the chart keeps its wide layout.
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.round(entry?.contentRect.width ?? 0)),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The canvas itself, memoised on plain values ('\n'-joined labels, ','-joined scores, the
 * width) so that a parent's re-render with an equal result does not redraw the chart.
 */
const RadarCanvas = memo(function RadarCanvas({
  labels,
  scores,
  datasetLabel,
  width,
}: {
  labels: string;
  scores: string;
  datasetLabel: string;
  /** CSS px of the chart's box, 0 before it is measured. */
  width: number;
}) {
  const options = useMemo(() => chartOptions(width), [width]);
  const compact = width > 0 && width < COMPACT_WIDTH;
  const data = {
    labels: labels
      .split('\n')
      .map((label) => (compact ? wrapLabel(label, COMPACT_LABEL_CHARS) : label)),
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
  return <Radar data={data} options={options} aria-hidden="true" />;
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
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
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
        ref={box}
        role="img"
        aria-label={intl.formatMessage({ id: 'Intelligence.chart.label' }, { summary })}
        style={{ position: 'relative', maxWidth: '32rem', margin: '0 auto' }}
      >
        <RadarCanvas
          labels={names.join('\n')}
          scores={scores.join(',')}
          datasetLabel={intl.formatMessage({ id: 'Intelligence.chart.dataset' })}
          width={width}
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
