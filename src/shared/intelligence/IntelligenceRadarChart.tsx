/**
 * The multiple-intelligence radar (spec section 2, Test result tab and /chart/{data}; spec 9:
 * axis 0 to 18 in steps of 2). chart.js draws on a canvas, which screen readers cannot read, so
 * the chart is one `role="img"` whose label lists every score, and a visually hidden table gives
 * the same figures in rows.
 *
 * Readable from 320 px up: the canvas (RadarCanvas.tsx, loaded with the first chart) takes its
 * column's width (up to 32rem), and below COMPACT_WIDTH its labels wrap into short lines
 * (`wrapLabel`) in a smaller font and the axis numbers show every 6 points only (the rings stay
 * every 2), so the radar keeps most of the width instead of giving it to labels cut at the edges
 * and numbers drawn over each other.
 */
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { INTELLIGENCES } from './intelligences';

// chart.js is loaded with the first chart drawn, not with the page's code (RadarCanvas.tsx).
const RadarCanvas = lazy(() => import('./RadarCanvas'));

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
        // Square: a radar's canvas is as high as it is wide (chart.js's default aspect ratio for
        // radar charts), so the box has its final size before chart.js has loaded.
        style={{ position: 'relative', maxWidth: '32rem', margin: '0 auto', aspectRatio: '1' }}
      >
        {/* Drawn once the box's width is known (at once where it cannot be measured): a first
            drawing at the wide layout, redrawn for a phone's width a moment later, cost a second
            drawing of chart.js on the page's main thread. */}
        {(width > 0 || typeof ResizeObserver === 'undefined') && (
          <Suspense fallback={null}>
            <RadarCanvas
              labels={names.join('\n')}
              scores={scores.join(',')}
              datasetLabel={intl.formatMessage({ id: 'Intelligence.chart.dataset' })}
              width={width}
            />
          </Suspense>
        )}
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
