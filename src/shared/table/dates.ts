import type { IntlShape } from 'react-intl';

/** How lists show dates: 'Mon, Jan 1, 2020' in English (spec section 9, "list dates"). */
const LIST_DATE_FORMAT = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * A date in the lists' format, for cells, CSV and the filter text.
 * @param ms epoch milliseconds; undefined or null gives ''
 */
export function formatListDate(intl: IntlShape, ms: number | null | undefined): string {
  return typeof ms === 'number' ? intl.formatDate(ms, LIST_DATE_FORMAT) : '';
}
