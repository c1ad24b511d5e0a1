import Papa from 'papaparse';

/**
 * One exported cell: a number is written as a number (a spreadsheet can sum it), text as text,
 * nothing as an empty cell. Dates are text in ISO 8601 (`csvDate`, `csvDateTime`), which
 * LibreOffice, Excel and Google Sheets all read as dates whatever the user's locale (docs/csv.md).
 */
export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they lead it (OWASP). */
const FORMULA_START = /^[=+\-@\t\r\n]/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A calendar date as ISO 8601 `yyyy-MM-dd`, in the browser's time zone (the day the lists show).
 * @param ms epoch milliseconds; undefined or null gives an empty cell
 */
export function csvDate(ms: number | null | undefined): CsvCell {
  if (typeof ms !== 'number') return '';
  const d = new Date(ms);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * An instant as ISO 8601 date and time `yyyy-MM-dd HH:mm:ss`, in the browser's time zone (the
 * space separator RFC 3339 allows: Excel does not read the `T` form as a date, docs/csv.md).
 * @param ms epoch milliseconds; undefined or null gives an empty cell
 */
export function csvDateTime(ms: number | null | undefined): CsvCell {
  if (typeof ms !== 'number') return '';
  const d = new Date(ms);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${csvDate(ms) as string} ${time}`;
}

/**
 * A cell as written: numbers as they are (a negative number is a number, not a formula), text
 * that would start a formula with the one mark every spreadsheet reads as "this is text", a
 * leading `'` (OWASP "CSV Injection"); other text unchanged. An invisible leading tab is not
 * safe (OWASP lists it among the characters that start formulas), nor is a space documented to
 * be by any of the spreadsheets (docs/csv.md). Far fewer cells carry the mark than before:
 * numbers and dates never do; text such as a phone number '+65 …' or an order id '-Order…'
 * does, because Excel and Google Sheets would read it as a formula.
 */
export function csvValue(cell: CsvCell): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : '';
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * Rows as CSV text (RFC 4180 quoting by papaparse), with a BOM so that spreadsheet programs read
 * the UTF-8 (accents in Spanish names) correctly. Each cell goes through `csvValue`: numbers stay
 * numbers, and no text cell can run as a formula (a name like `=HYPERLINK(...)` shows as text).
 * @param header column titles, in order (through `csvValue` too).
 * @param rows one array of cells per row, same order as header.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return (
    '\uFEFF' +
    Papa.unparse({
      fields: header.map((title) => String(csvValue(title))),
      data: rows.map((row) => row.map(csvValue)),
    })
  );
}

/**
 * Offers rows as a CSV download (see toCsv).
 * @param fileName without extension; '.csv' is added.
 */
export function downloadCsv(fileName: string, header: string[], rows: CsvCell[][]): void {
  const url = URL.createObjectURL(
    new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
