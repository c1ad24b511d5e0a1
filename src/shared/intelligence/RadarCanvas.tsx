/**
 * The radar's canvas (chart.js), in a module of its own: IntelligenceRadarChart loads it lazily,
 * so that the public result page shows its heading and scores while chart.js (about 63 KB
 * gzipped) arrives, in a box already of the chart's size (no layout shift).
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
import { memo, useMemo } from 'react';
import { Radar } from 'react-chartjs-2';
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

/**
 * The canvas itself, memoised on plain values ('\n'-joined labels, ','-joined scores, the
 * width) so that a parent's re-render with an equal result does not redraw the chart.
 */
export const RadarCanvas = memo(function RadarCanvas({
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

export default RadarCanvas;
