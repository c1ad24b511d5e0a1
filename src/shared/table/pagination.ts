/** Page sizes offered by the table (spec section 9). */
export const PAGE_SIZES = [5, 10, 15, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * The page buttons of the generic table (spec section 2, Generic data table behaviour): the
 * first page, the neighbours of the current page, the last page, with gaps marked 'ellipsis'.
 * @param pageIndex current page, 0-based.
 * @param pageCount number of pages (0 or more).
 * @returns 0-based page indexes and 'ellipsis' markers, in display order.
 */
export function pageItems(pageIndex: number, pageCount: number): Array<number | 'ellipsis'> {
  if (pageCount <= 0) return [];
  const wanted = new Set([0, pageIndex - 1, pageIndex, pageIndex + 1, pageCount - 1]);
  const pages = [...wanted].filter((p) => p >= 0 && p < pageCount).sort((a, b) => a - b);
  const items: Array<number | 'ellipsis'> = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous > 1) items.push('ellipsis');
    items.push(p);
  });
  return items;
}
