import Papa from 'papaparse';

/**
 * Serialises rows to CSV (RFC 4180 quoting by papaparse) and offers it as a download.
 * @param fileName without extension; '.csv' is added.
 * @param header column titles, in order.
 * @param rows one array of cell texts per row, same order as header.
 */
export function downloadCsv(fileName: string, header: string[], rows: string[][]): void {
  // A BOM so that spreadsheet programs read the UTF-8 (accents in Spanish names) correctly.
  const csv = '\uFEFF' + Papa.unparse({ fields: header, data: rows });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
