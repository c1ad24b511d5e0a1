/**
 * Which columns a table shows at its current width (without it, at 1280 px the orders table was
 * 1,520 px wide in a 944 px card and the sticky actions covered the dates; at 390 px names were
 * cut). Columns are hidden, least important first, until the rest fit; the first column and the
 * actions column always stay. What is hidden is shown inside each row instead (DataTable).
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** A column as the fitting sees it: its id, its importance and its measured width (px). */
export interface MeasuredColumn {
  id: string;
  /** Lower is more important; 0 never hides. */
  priority: number;
  width: number;
}

/**
 * The ids to hide so that the columns' widths sum to at most `available` px: the highest
 * priority number first, the rightmost first among equals. Columns of priority 0 never hide,
 * even when the rest still does not fit.
 */
export function columnsToHide(columns: readonly MeasuredColumn[], available: number): Set<string> {
  let total = columns.reduce((sum, c) => sum + c.width, 0);
  const hidden = new Set<string>();
  const candidates = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority > 0)
    .sort((a, b) => b.column.priority - a.column.priority || b.index - a.index);
  for (const { column } of candidates) {
    if (total <= available) break;
    hidden.add(column.id);
    total -= column.width;
  }
  return hidden;
}

/**
 * Measures the table in `container` with every column shown, then hides what does not fit,
 * before the browser paints (a layout effect), again whenever the container's width or
 * `contentKey` (the rows shown) changes.
 * @param priorities the importance of each column id (see MeasuredColumn).
 * @returns the ids hidden now (empty while measuring, and where there is no layout: jsdom).
 */
export function useFittedColumns(
  container: RefObject<HTMLElement | null>,
  priorities: ReadonlyMap<string, number>,
  contentKey: unknown,
): ReadonlySet<string> {
  const [width, setWidth] = useState(0);
  const [fitted, setFitted] = useState<{ key: unknown; width: number; hidden: Set<string> }>({
    key: undefined,
    width: -1,
    hidden: new Set(),
  });
  const measuring = fitted.key !== contentKey || fitted.width !== width;
  const prioritiesRef = useRef(priorities);

  useLayoutEffect(() => {
    prioritiesRef.current = priorities;
  });

  useLayoutEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);

  useLayoutEffect(() => {
    if (!measuring) return;
    const element = container.current;
    const headers = element
      ? [...element.querySelectorAll<HTMLElement>('thead th[data-column]')]
      : [];
    const columns = headers.map((th) => ({
      id: th.dataset.column ?? '',
      priority: prioritiesRef.current.get(th.dataset.column ?? '') ?? 1,
      width: th.getBoundingClientRect().width,
    }));
    const hidden = width > 0 ? columnsToHide(columns, width) : new Set<string>();
    // Measured in the layout effect so that the hiding lands before the first paint.
    setFitted({ key: contentKey, width, hidden });
  }, [measuring, container, contentKey, width]);

  return measuring ? new Set() : fitted.hidden;
}
