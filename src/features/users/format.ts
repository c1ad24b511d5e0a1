import type { IntlShape } from 'react-intl';

/** The list's date format, 'Mon, Jan 1, 2020' in English (spec 2 and 9). */
export function formatCreated(intl: IntlShape, createdAt: number): string {
  return intl.formatDate(createdAt, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
