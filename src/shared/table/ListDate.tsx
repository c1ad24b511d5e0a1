import { useIntl } from 'react-intl';
import { formatListDate } from './dates';

/**
 * A list cell's date: a `<time>` carrying the ISO date for assistive technology and machines,
 * shown in the lists' date format (`formatListDate`) on one line (table.css). Nothing for a missing date.
 */
export function ListDate({ value }: { value: number | null | undefined }) {
  const intl = useIntl();
  if (typeof value !== 'number') return null;
  return <time dateTime={new Date(value).toISOString()}>{formatListDate(intl, value)}</time>;
}
