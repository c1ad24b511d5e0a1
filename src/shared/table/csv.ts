import Papa from 'papaparse';

/**
 * Rows as CSV text (RFC 4180 quoting by papaparse), with a BOM so that spreadsheet programs read
 * the UTF-8 (accents in Spanish names) correctly.
 *
 * Exports are inert (issue 15, OWASP "CSV injection"): a cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is prefixed with `'` (papaparse's `escapeFormulae`), so a
 * spreadsheet shows a name like `=HYPERLINK(...)` as text instead of running it.
 * @param header column titles, in order.
 * @param rows one array of cell texts per row, same order as header.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return '\uFEFF' + Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true });
}

/**
 * Offers rows as a CSV download (see toCsv).
 * @param fileName without extension; '.csv' is added.
 */
export function downloadCsv(fileName: string, header: string[], rows: string[][]): void {
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
