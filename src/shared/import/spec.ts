/**
 * What a CSV import of one kind of record needs to know (the import of students and tutors, spec
 * section 2, Students and tutors): its fields with the column headers that map to them, and the check of one
 * mapped row. The parsing worker (./parseWorker.ts), the import dialog (./ImportDialog.tsx) and the
 * server's callable all read one such spec, so a row is judged the same everywhere.
 */

/** One importable field. */
export interface ImportField {
  /** The record's field, e.g. 'email'. */
  key: string;
  /** Catalogue id of its name in the mapping and the preview, e.g. 'People.email'. */
  label: string;
  /**
   * Column headers that map to it, in any language and spelling; compared by
   * {@link normalizeHeader} (case, accents, spaces and punctuation ignored). Includes the header
   * this product's own CSV export writes for it, in English and Spanish.
   */
  headers: readonly string[];
  /** A row without it is refused (its check says so); the mapping must name a column for it. */
  required?: boolean;
}

/** A row as mapped: field key -> the cell's text (unmapped fields absent). */
export type MappedRow = Record<string, string>;

/** The outcome of checking one mapped row: the value to import, or errors by field key. */
export type RowCheck<V> =
  | { ok: true; value: V }
  | {
      ok: false;
      /** Field key -> catalogue id of the first problem ('' key: the row as a whole). */
      errors: Record<string, string>;
    };

/** See the module comment. `V` is what the check makes of a valid row. */
export interface ImportSpec<V> {
  fields: readonly ImportField[];
  /** Checks one mapped row with the record's schema. Must not throw. */
  check(row: MappedRow): RowCheck<V>;
  /**
   * The key by which rows are matched with records already imported and with each other: the
   * e-mail, lower-cased. Two rows of one file with the same key: the second is refused.
   */
  keyOf(row: MappedRow): string;
}

/** A header compared loosely: lower case, no accents, letters and digits only. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The column -> field mapping a file's header row suggests: each column whose header is one of a
 * field's `headers` (or its key) maps to that field, each field at most once (the first column
 * wins); other columns map to '' (ignored).
 */
export function suggestMapping(
  columns: readonly string[],
  fields: readonly ImportField[],
): string[] {
  const byHeader = new Map<string, string>();
  for (const field of fields) {
    for (const header of [field.key, ...field.headers]) {
      const normal = normalizeHeader(header);
      if (!byHeader.has(normal)) byHeader.set(normal, field.key);
    }
  }
  const taken = new Set<string>();
  return columns.map((column) => {
    const key = byHeader.get(normalizeHeader(column));
    if (!key || taken.has(key)) return '';
    taken.add(key);
    return key;
  });
}

/**
 * One CSV line's cells as a mapped row: `mapping[i]` is the field of column i ('' ignored). Cells
 * are trimmed; empty ones are left out, so a field's default applies.
 */
export function mapRow(cells: readonly string[], mapping: readonly string[]): MappedRow {
  const row: MappedRow = {};
  mapping.forEach((key, i) => {
    const cell = cells[i]?.trim();
    if (key && cell) row[key] = cell;
  });
  return row;
}

/** The required fields no column maps to (the import cannot start while there are any). */
export function missingRequired(
  mapping: readonly string[],
  fields: readonly ImportField[],
): ImportField[] {
  return fields.filter((f) => f.required && !mapping.includes(f.key));
}

/**
 * The server's outcome of importing one row (the callable `httpsImportPeople`):
 * - 'created': a new account and its record;
 * - 'reused': the e-mail had an account (of this kind, without a record): its record was written;
 * - 'skipped': the record already exists (imported before, or by a concurrent call): unchanged;
 * - 'failed': nothing written; `reason` is a catalogue id, `field` the field it is about.
 */
export interface ImportOutcome {
  status: 'created' | 'reused' | 'skipped' | 'failed';
  /** The account's uid (the record's key), except for 'failed'. */
  uid?: string;
  reason?: string;
  field?: string;
}
