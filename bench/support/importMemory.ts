/**
 * Run by bench/import.ts as its own Node process (`node --expose-gc`, tsx with the app's
 * tsconfig for the `@/` imports): parses and checks the CSV file named on the command line as the
 * import worker does (src/shared/import/parseWorker.ts), keeping the rows that pass, and prints
 * `{"ms": …, "mb": …, "valid": …}`: the time, and the heap growth after GC while the rows are held.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { personImportSpec } from '../../src/features/people/import/personImport';
import { mapRow, suggestMapping } from '../../src/shared/import/spec';

const gc = (globalThis as { gc?: () => void }).gc;
const text = readFileSync(process.argv[2] ?? '', 'utf8');
const spec = personImportSpec('students');
gc?.();
const before = process.memoryUsage().heapUsed;
const start = performance.now();
const kept: unknown[] = [];
const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
const [header = [], ...lines] = data;
const mapping = suggestMapping(header, spec.fields);
for (const cells of lines) {
  const row = mapRow(cells, mapping);
  if (spec.check(row).ok) kept.push([row, cells]);
}
const ms = performance.now() - start;
data.length = 0;
lines.length = 0;
gc?.();
const mb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
console.log(JSON.stringify({ ms, mb, valid: kept.length, gc: gc !== undefined }));
