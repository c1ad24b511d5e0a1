import { format, isValid, parse } from 'date-fns';

/** How dates are typed and shown in forms (spec section 9). */
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';

/**
 * A typed date, read strictly as dd/MM/yyyy with a four-digit year (a looser reading stored
 * `01/02/20` as the year 20, and `31/02/2020` or `abc` silently emptied the field).
 * @returns 'yyyy-MM-dd' for a real date, null for an empty text, undefined for anything else
 *   (`01/02/20`, `31/02/2020`, `15/13/2020`, `abc`).
 */
export function parseDisplayDate(text: string): string | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(typed)) return undefined;
  const date = parse(typed, DISPLAY_DATE_FORMAT, new Date(2000, 0, 1));
  // parse() rolls 31/02 over to March; formatting back catches it.
  if (!isValid(date) || format(date, DISPLAY_DATE_FORMAT) !== typed) return undefined;
  return format(date, 'yyyy-MM-dd');
}
