/**
 * The body of a CSV import's Web Worker (spec section 2, Students and tutors: "Import from a CSV file"): papaparse reads the file in
 * the worker, so a 50,000-row file (about 10 MB) is parsed and every row checked without a long
 * task on the page (docs/performance.md has the figures). The rows that pass stay here; the page
 * asks for them a chunk at a time while it sends them to the server, and never holds them all.
 *
 * A feature's worker module calls {@link serveImport} with its specs; the page talks to it
 * through ./useImportWorker.ts with the messages below.
 */
import Papa from 'papaparse';
import { mapRow, suggestMapping, type ImportSpec, type MappedRow } from './spec';

/** One checked line of the file. */
export interface CheckedLine {
  /** Line number in the file as a spreadsheet shows it (the header is line 1). */
  line: number;
  cells: string[];
  /** Field key -> catalogue id of the problem; empty when the row is valid. */
  errors: Record<string, string>;
}

/** Messages to the worker. */
export type ImportRequest =
  | { type: 'preview'; spec: string; file: File; mapping?: string[] }
  | { type: 'check'; spec: string; file: File; mapping: string[] }
  | { type: 'chunk'; start: number; size: number };

/** Messages from the worker. */
export type ImportResponse =
  | {
      type: 'preview';
      columns: string[];
      mapping: string[];
      /** The first {@link PREVIEW_ROWS} data lines, checked. */
      rows: CheckedLine[];
    }
  | { type: 'progress'; rows: number; bytes: number }
  | {
      type: 'checked';
      /** Data lines read. */
      total: number;
      /** Lines that passed, kept in the worker for 'chunk'. */
      valid: number;
      /** Lines refused, in file order. */
      rejected: CheckedLine[];
      /** Parse and check time in the worker, ms. */
      ms: number;
    }
  | { type: 'chunk'; rows: MappedRow[]; lines: number[]; cells: string[][] }
  | { type: 'error'; message: string };

/** Lines the preview shows. */
export const PREVIEW_ROWS = 10;
/** Catalogue id of the refusal of a second row with an e-mail the file already has. */
export const DUPLICATE_KEY = 'Import.duplicateRow';

/** A cell as written by a spreadsheet-safe export (shared/table/csv: a leading `'` before a
 * formula character) read back as its text, so the product's own exports import as they were. */
function unmark(cell: string): string {
  return /^'[=+\-@\t\r\n]/.test(cell) ? cell.slice(1) : cell;
}

/** The cells of a parsed line, without a byte-order mark and spreadsheet marks. */
function cellsOf(raw: unknown[], first: boolean): string[] {
  return raw.map((cell, i) => {
    const text = String(cell ?? '');
    return unmark(first && i === 0 ? text.replace(/^\uFEFF/, '') : text);
  });
}

/** Starts answering {@link ImportRequest}s with the given specs, by name. */
export function serveImport(specs: Record<string, ImportSpec<unknown>>): void {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
    postMessage: (message: ImportResponse) => void;
  };
  // The rows that passed, their line numbers and cells (for the rejected-rows file, should the
  // server refuse one), in file order.
  let valid: MappedRow[] = [];
  let validLines: number[] = [];
  let validCells: string[][] = [];

  const checkLine = (
    spec: ImportSpec<unknown>,
    cells: string[],
    mapping: string[],
    line: number,
  ) => {
    const check = spec.check(mapRow(cells, mapping));
    return { line, cells, errors: check.ok ? {} : check.errors } satisfies CheckedLine;
  };

  scope.onmessage = ({ data: request }) => {
    try {
      if (request.type === 'chunk') {
        const end = request.start + request.size;
        scope.postMessage({
          type: 'chunk',
          rows: valid.slice(request.start, end),
          lines: validLines.slice(request.start, end),
          cells: validCells.slice(request.start, end),
        });
        return;
      }
      const spec = specs[request.spec];
      if (!spec) throw new Error(`unknown import spec ${request.spec}`);
      if (request.type === 'preview') {
        Papa.parse<unknown[]>(request.file, {
          preview: PREVIEW_ROWS + 1,
          skipEmptyLines: 'greedy',
          complete: ({ data }) => {
            const [header = [], ...lines] = data;
            const columns = cellsOf(header, true);
            const mapping = request.mapping ?? suggestMapping(columns, spec.fields);
            scope.postMessage({
              type: 'preview',
              columns,
              mapping,
              rows: lines.map((cells, i) => checkLine(spec, cellsOf(cells, false), mapping, i + 2)),
            });
          },
          error: (error) => scope.postMessage({ type: 'error', message: error.message }),
        });
        return;
      }
      // 'check': the whole file, chunk by chunk as papaparse reads it.
      const started = performance.now();
      const { mapping } = request;
      const rejected: CheckedLine[] = [];
      const seen = new Set<string>();
      valid = [];
      validLines = [];
      validCells = [];
      let line = 0;
      Papa.parse<unknown[]>(request.file, {
        skipEmptyLines: 'greedy',
        chunk: ({ data, meta }) => {
          for (const raw of data) {
            line += 1;
            if (line === 1) continue;
            const cells = cellsOf(raw, false);
            const row = mapRow(cells, mapping);
            const check = spec.check(row);
            const key = spec.keyOf(row);
            if (!check.ok) rejected.push({ line, cells, errors: check.errors });
            else if (key && seen.has(key)) {
              rejected.push({ line, cells, errors: { email: DUPLICATE_KEY } });
            } else {
              if (key) seen.add(key);
              valid.push(row);
              validLines.push(line);
              validCells.push(cells);
            }
          }
          scope.postMessage({ type: 'progress', rows: Math.max(0, line - 1), bytes: meta.cursor });
        },
        complete: () =>
          scope.postMessage({
            type: 'checked',
            total: Math.max(0, line - 1),
            valid: valid.length,
            rejected,
            ms: Math.round(performance.now() - started),
          }),
        error: (error) => scope.postMessage({ type: 'error', message: error.message }),
      });
    } catch (error) {
      scope.postMessage({ type: 'error', message: String(error) });
    }
  };
}
