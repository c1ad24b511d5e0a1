/**
 * Which columns a table shows at its current width (without it, at 1280 px the orders table was
 * 1,520 px wide in a 944 px card and the sticky actions covered the dates; at 390 px names were
 * cut). Columns are hidden, least important first, until the rest fit; the first column and the
 * actions column always stay. What is hidden is shown inside each row instead (DataTable).
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * How long new rows in the same place (a keystroke's matches, a sort, a live change) stay before
 * the columns are fitted to them again, ms: a fit renders the table twice and lays it out in
 * between, which each keystroke paid (a profile of typing at 50,000 rows showed it). Within
 * 500 ms of an input a change of layout is not counted as a shift (web.dev/articles/cls).
 */
export const ROWS_SETTLE_MS = 200;

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
 * before the browser paints (a layout effect), again at once whenever the container's width or
 * `contentKey` (the columns, the page) changes, and when `rowsKey` (the rows shown) changed and
 * then stayed for ROWS_SETTLE_MS (while typing, the columns stay as they were).
 *
 * `arrivalKey` (the rows array the page comes from) marks rows arriving: the page shown from a
 * new rows array is fitted at once, but only when `rowsKey` differs from the rows last fitted. A
 * measure renders every row twice (all columns, then the fitted ones) and rebuilds each row's
 * fold of hidden columns; a list's whole rows after its early first page, or a live change to a
 * row on another page, show the same page and need none.
 * @param priorities the importance of each column id (see MeasuredColumn).
 * @param rowsKey what the rows shown read, compared with `!==` (e.g. their JSON text).
 * @returns the ids hidden now (empty while measuring, and where there is no layout: jsdom).
 */
export function useFittedColumns(
  container: RefObject<HTMLElement | null>,
  priorities: ReadonlyMap<string, number>,
  contentKey: unknown,
  rowsKey?: unknown,
  arrivalKey?: unknown,
): ReadonlySet<string> {
  const [width, setWidth] = useState(0);
  const [fitted, setFitted] = useState<{
    key: unknown;
    rows: unknown;
    arrival: unknown;
    width: number;
    hidden: Set<string>;
  }>({ key: undefined, rows: undefined, arrival: undefined, width: -1, hidden: new Set() });
  // The rows that have stayed long enough to be fitted to.
  const [settledRows, setSettledRows] = useState(rowsKey);
  const measuring =
    fitted.key !== contentKey ||
    fitted.width !== width ||
    (fitted.arrival !== arrivalKey && fitted.rows !== rowsKey) ||
    (fitted.rows !== rowsKey && settledRows === rowsKey);
  // Rows arrived that show what was fitted: the fit stands, and a search typed next still waits
  // for its rows to stay (state adjusted during render, as React's docs advise for a value that
  // follows a prop: react.dev/learn/you-might-not-need-an-effect).
  if (!measuring && fitted.arrival !== arrivalKey) setFitted({ ...fitted, arrival: arrivalKey });
  const prioritiesRef = useRef(priorities);

  useEffect(() => {
    if (fitted.rows === rowsKey || settledRows === rowsKey || width === 0) return;
    const timer = setTimeout(() => setSettledRows(rowsKey), ROWS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [fitted.rows, rowsKey, settledRows, width]);

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
    setFitted({ key: contentKey, rows: rowsKey, arrival: arrivalKey, width, hidden });
  }, [measuring, container, contentKey, rowsKey, arrivalKey, width]);

  return measuring ? new Set() : fitted.hidden;
}
