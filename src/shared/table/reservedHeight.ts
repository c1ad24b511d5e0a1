/**
 * The height a table's body had when it last showed rows, so that its loading state can reserve
 * it: rows arriving into a one-line 'Loading…' body pushed the pagination and the page's footer
 * down (a layout shift of up to 0.47 on /students, target < 0.1, web.dev/articles/cls). Kept per
 * table and page size for the page's life and in localStorage, so that a reload and a new tab
 * reserve the same (sessionStorage is per tab: a list opened in a new tab, as Lighthouse does,
 * reserved the estimate, and a list shorter than it moved the pages bar and footer up by the
 * difference), with an estimate of a page of rows before any was shown.
 */

/** Height of one row before a table ever showed rows, px: a Bulma row of small buttons. */
export const ESTIMATED_ROW_PX = 49;
/** At most this many rows are reserved (a page of 50 would reserve a page of blank space). */
const MAX_RESERVED_ROWS = 10;
const STORAGE_PREFIX = 'tableBody:';
const heights = new Map<string, number>();

/**
 * The height (px) to reserve for the body of table `key` (its name and page size) while its first
 * rows load: the height last remembered, else `pageSize` (at most 10) estimated rows.
 */
export function reservedBodyHeight(key: string, pageSize: number): number {
  let height = heights.get(key);
  if (height === undefined) {
    try {
      const stored = Number(localStorage.getItem(STORAGE_PREFIX + key));
      if (stored > 0) heights.set(key, (height = stored));
    } catch {
      // No storage (private modes, quotas): the estimate serves.
    }
  }
  return height ?? Math.min(pageSize, MAX_RESERVED_ROWS) * ESTIMATED_ROW_PX;
}

/** Remembers the height (px) the body of table `key` had with rows shown (first page). */
export function rememberBodyHeight(key: string, height: number): void {
  const rounded = Math.round(height);
  if (rounded <= 0 || heights.get(key) === rounded) return;
  heights.set(key, rounded);
  try {
    localStorage.setItem(STORAGE_PREFIX + key, String(rounded));
  } catch {
    // The memory copy is enough for this page's life.
  }
}
