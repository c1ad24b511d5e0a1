/**
 * The import of records from a CSV file (spec section 2, Students and tutors: "Import from a CSV file"), for any list whose records an
 * {@link ImportSpec} describes (students and tutors). In one dialog:
 *
 * 1. the file: parsed in a Web Worker (./parseWorker.ts) so the page never freezes;
 * 2. the mapping: each column's field, suggested from its header (English, Spanish, this product's
 *    own export), changeable; a preview of the first lines with each cell checked by the spec;
 * 3. the full check: every line, with the bad ones listed with their reasons and offered as a CSV
 *    (their own cells and an error column);
 * 4. the import: the lines that passed, sent `CHUNK_ROWS` at a time to `importChunk` (the
 *    server), with a progress bar, the row count and Cancel (the chunk under way finishes). Rows
 *    whose key (e-mail) is already imported, by an earlier run or as the list shows, are skipped
 *    without a call, so resuming or re-importing a file imports nothing twice; the server skips
 *    any the page did not know about.
 *
 * Status changes are announced (role="status"). Escape closes the dialog except while importing.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Modal } from '../dialog/Modal';
import { downloadCsv } from '../table/csv';
import type { CheckedLine } from './parseWorker';
import { missingRequired, type ImportOutcome, type ImportSpec, type MappedRow } from './spec';
import { ImportWorkerClient } from './workerClient';

/** Rows sent to the server per call (the callable takes at most 100). */
export const CHUNK_ROWS = 50;
/** Rejected lines listed on screen; all of them are in the download. */
const LISTED_REJECTS = 100;

export interface ImportDialogProps<V> {
  open: boolean;
  onClose: () => void;
  /** Catalogue id of the dialog's title, e.g. 'Import.title.students'. */
  title: string;
  /** The spec's name in the worker module (serveImport), and the spec itself. */
  specName: string;
  spec: ImportSpec<V>;
  /** Starts the feature's import worker (a module calling serveImport). */
  createWorker: () => Worker;
  /** Imports rows on the server; one outcome per row, in order. */
  importChunk: (rows: MappedRow[]) => Promise<ImportOutcome[]>;
  /** Keys (e-mails) of the records the list already has: skipped without a call. */
  knownKeys?: ReadonlySet<string>;
  /**
   * Sends the invitations (e-mailed sign-in links) of imported rows; resolves with how many could
   * not be sent. When given, a checkbox (off by default) asks for them.
   */
  invite?: (rows: MappedRow[]) => Promise<number>;
  /** Base name of the rejected rows' file, e.g. 'students' gives 'students-rejected.csv'. */
  fileName: string;
}

interface Preview {
  columns: string[];
  rows: CheckedLine[];
}

interface Checked {
  total: number;
  valid: number;
  rejected: CheckedLine[];
  ms: number;
}

interface RunCounts {
  done: number;
  created: number;
  reused: number;
  skipped: number;
  failed: number;
  notInvited: number;
}

const NO_COUNTS: RunCounts = {
  done: 0,
  created: 0,
  reused: 0,
  skipped: 0,
  failed: 0,
  notInvited: 0,
};

type RunState = 'idle' | 'running' | 'cancelling' | 'cancelled' | 'done';

/** See the module comment. */
export function ImportDialog<V>({
  open,
  onClose,
  title,
  specName,
  spec,
  createWorker,
  importChunk,
  knownKeys,
  invite,
  fileName,
}: ImportDialogProps<V>) {
  const intl = useIntl();
  const id = useId();
  const client = useRef<ImportWorkerClient | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [checking, setChecking] = useState<number | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sendInvitations, setSendInvitations] = useState(false);
  const [run, setRun] = useState<RunState>('idle');
  const [counts, setCounts] = useState<RunCounts>(NO_COUNTS);
  const [serverRejected, setServerRejected] = useState<CheckedLine[]>([]);
  const cancel = useRef(false);
  // Keys imported by this dialog's runs: a resumed run skips them.
  const imported = useRef(new Set<string>());

  // One worker while the dialog is open.
  useEffect(() => {
    if (!open) return;
    const worker = new ImportWorkerClient(createWorker());
    client.current = worker;
    return () => {
      worker.close();
      client.current = null;
    };
  }, [open, createWorker]);

  const reset = useCallback(() => {
    setFile(null);
    setPreview(null);
    setMapping([]);
    setChecking(null);
    setChecked(null);
    setFailure(null);
    setRun('idle');
    setCounts(NO_COUNTS);
    setServerRejected([]);
    imported.current = new Set();
  }, []);

  const fieldLabel = useCallback(
    (key: string) => {
      const field = spec.fields.find((f) => f.key === key);
      return field ? intl.formatMessage({ id: field.label }) : key;
    },
    [spec.fields, intl],
  );
  const reasons = useCallback(
    (errors: Record<string, string>) =>
      Object.entries(errors)
        .map(([key, message]) => {
          const text = intl.formatMessage({ id: message });
          return key ? `${fieldLabel(key)}: ${text}` : text;
        })
        .join('; '),
    [intl, fieldLabel],
  );

  const showPreview = async (chosen: File, wanted?: string[]) => {
    setChecked(null);
    setRun('idle');
    setCounts(NO_COUNTS);
    setServerRejected([]);
    setFailure(null);
    try {
      const answer = await client.current!.preview(specName, chosen, wanted);
      setPreview({ columns: answer.columns, rows: answer.rows });
      setMapping(answer.mapping);
    } catch (error) {
      if ((error as Error).message !== 'superseded') setFailure((error as Error).message);
    }
  };

  const chooseFile = (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (chosen) void showPreview(chosen);
  };

  const changeMapping = (column: number, key: string) => {
    // A field comes from one column: choosing it here takes it from any other.
    const next = mapping.map((k, i) => (i === column ? key : k === key ? '' : k));
    if (file) void showPreview(file, next);
  };

  const missing = useMemo(() => missingRequired(mapping, spec.fields), [mapping, spec.fields]);

  const checkAll = async () => {
    if (!file) return;
    setChecking(0);
    setFailure(null);
    try {
      const answer = await client.current!.check(specName, file, mapping, (rows) =>
        setChecking(rows),
      );
      setChecked({
        total: answer.total,
        valid: answer.valid,
        rejected: answer.rejected,
        ms: answer.ms,
      });
    } catch (error) {
      if ((error as Error).message !== 'superseded') setFailure((error as Error).message);
    } finally {
      setChecking(null);
    }
  };

  const runImport = async () => {
    if (!checked || !client.current) return;
    cancel.current = false;
    setRun('running');
    setServerRejected([]);
    let tally = { ...NO_COUNTS };
    setCounts(tally);
    try {
      for (let start = 0; start < checked.valid; start += CHUNK_ROWS) {
        if (cancel.current) {
          setRun('cancelled');
          return;
        }
        const { rows, lines, cells } = await client.current.chunk(start, CHUNK_ROWS);
        const fresh: number[] = [];
        rows.forEach((row, i) => {
          const key = spec.keyOf(row);
          if (!imported.current.has(key) && !knownKeys?.has(key)) fresh.push(i);
        });
        const sent = fresh.map((i) => rows[i] as MappedRow);
        const outcomes = sent.length > 0 ? await importChunk(sent) : [];
        const next = { ...tally, done: tally.done + rows.length };
        next.skipped += rows.length - sent.length;
        const toInvite: MappedRow[] = [];
        const refused: CheckedLine[] = [];
        outcomes.forEach((outcome, j) => {
          const row = sent[j] as MappedRow;
          next[outcome.status] += 1;
          if (outcome.status === 'failed') {
            const i = fresh[j] as number;
            refused.push({
              line: lines[i] as number,
              cells: cells[i] as string[],
              errors: { [outcome.field ?? '']: outcome.reason ?? 'functions/internal' },
            });
            return;
          }
          imported.current.add(spec.keyOf(row));
          if (outcome.status !== 'skipped') toInvite.push(row);
        });
        if (invite && sendInvitations && toInvite.length > 0) {
          next.notInvited += await invite(toInvite);
        }
        tally = next;
        setCounts(tally);
        if (refused.length > 0) setServerRejected((list) => [...list, ...refused]);
      }
      setRun('done');
    } catch (error) {
      setFailure(intl.formatMessage({ id: 'Import.failed' }, { reason: (error as Error).message }));
      setRun('cancelled');
    }
  };

  const rejected = useMemo(
    () => [...(checked?.rejected ?? []), ...serverRejected].sort((a, b) => a.line - b.line),
    [checked, serverRejected],
  );

  const downloadRejected = () => {
    if (!preview) return;
    downloadCsv(
      `${fileName}-rejected`,
      [...preview.columns, intl.formatMessage({ id: 'Import.errorColumn' })],
      rejected.map((line) => [...line.cells, reasons(line.errors)]),
    );
  };

  const busy = run === 'running' || run === 'cancelling';
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const mappedColumns = mapping
    .map((key, index) => ({ key, index }))
    .filter((column) => column.key !== '');

  const status =
    busy || run !== 'idle'
      ? intl.formatMessage({ id: `Import.run.${run}` }, { ...counts, total: checked?.valid ?? 0 })
      : checking !== null
        ? intl.formatMessage({ id: 'Import.checking' }, { rows: checking })
        : checked
          ? intl.formatMessage(
              { id: 'Import.checked' },
              { total: checked.total, valid: checked.valid, rejected: checked.rejected.length },
            )
          : '';

  return (
    <Modal
      open={open}
      title={<FormattedMessage id={title} />}
      width="min(64rem, 96vw)"
      onCancel={close}
      footer={
        <>
          {run === 'running' || run === 'cancelling' ? (
            <button
              type="button"
              className="button is-warning"
              disabled={run === 'cancelling'}
              onClick={() => {
                cancel.current = true;
                setRun('cancelling');
              }}
            >
              <FormattedMessage id="Import.cancel" />
            </button>
          ) : (
            checked &&
            checked.valid > 0 &&
            run !== 'done' && (
              <button type="button" className="button is-primary" onClick={() => void runImport()}>
                <FormattedMessage
                  id={run === 'cancelled' ? 'Import.resume' : 'Import.start'}
                  values={{ count: checked.valid }}
                />
              </button>
            )
          )}
          <button type="button" className="button" onClick={close} disabled={busy}>
            <FormattedMessage id="Import.close" />
          </button>
        </>
      }
    >
      <div className="field">
        <label className="label" htmlFor={`${id}-file`}>
          <FormattedMessage id="Import.file" />
        </label>
        <input
          id={`${id}-file`}
          className="input"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => chooseFile(e.currentTarget.files?.[0] ?? null)}
        />
        <p className="help">
          <FormattedMessage id="Import.fileHelp" />
        </p>
      </div>
      {invite && (
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={sendInvitations}
              disabled={busy}
              onChange={(e) => setSendInvitations(e.currentTarget.checked)}
            />{' '}
            <FormattedMessage id="Import.invite" />
          </label>
        </div>
      )}
      {failure && (
        <p className="notification is-danger is-light" role="alert">
          {failure}
        </p>
      )}
      {preview && (
        <>
          <h3 className="title is-6 mt-4">
            <FormattedMessage id="Import.mapping" />
          </h3>
          <div className="table-container">
            <table className="table is-narrow is-fullwidth">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="Import.column" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="Import.field" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="Import.firstValue" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.columns.map((column, index) => (
                  <tr key={index}>
                    <td>{column}</td>
                    <td>
                      <div className="select is-small">
                        <select
                          aria-label={intl.formatMessage({ id: 'Import.fieldOf' }, { column })}
                          value={mapping[index] ?? ''}
                          disabled={busy}
                          onChange={(e) => changeMapping(index, e.currentTarget.value)}
                        >
                          <option value="">{intl.formatMessage({ id: 'Import.ignore' })}</option>
                          {spec.fields.map((field) => (
                            <option key={field.key} value={field.key}>
                              {intl.formatMessage({ id: field.label })}
                            </option>
                          ))}
                        </select>
                      </div>
                    </td>
                    <td>{preview.rows[0]?.cells[index] ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {missing.length > 0 && (
            <p className="help is-danger" role="alert">
              <FormattedMessage
                id="Import.missing"
                values={{
                  fields: missing.map((f) => intl.formatMessage({ id: f.label })).join(', '),
                }}
              />
            </p>
          )}
          <h3 className="title is-6 mt-4">
            <FormattedMessage id="Import.preview" />
          </h3>
          <div className="table-container">
            <table className="table is-narrow is-fullwidth">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="Import.line" />
                  </th>
                  {mappedColumns.map(({ key }) => (
                    <th key={key} scope="col">
                      {fieldLabel(key)}
                    </th>
                  ))}
                  <th scope="col">
                    <FormattedMessage id="Import.problems" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((line) => {
                  const shown = new Set(mappedColumns.map((c) => c.key));
                  const others = Object.fromEntries(
                    Object.entries(line.errors).filter(([key]) => !shown.has(key)),
                  );
                  return (
                    <tr key={line.line}>
                      <td>{line.line}</td>
                      {mappedColumns.map(({ key, index }) => {
                        const error = line.errors[key];
                        return (
                          <td key={key} className={error ? 'has-text-danger' : undefined}>
                            {line.cells[index]}
                            {error && (
                              <span className="help is-danger">
                                {intl.formatMessage({ id: error })}
                              </span>
                            )}
                          </td>
                        );
                      })}
                      <td className="has-text-danger">{reasons(others)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {!checked && (
            <button
              type="button"
              className={`button is-link${checking !== null ? ' is-loading' : ''}`}
              disabled={missing.length > 0 || checking !== null}
              onClick={() => void checkAll()}
            >
              <FormattedMessage id="Import.check" />
            </button>
          )}
        </>
      )}
      <p role="status" className="mt-3">
        {status}
      </p>
      {checked && run !== 'idle' && (
        <progress
          className="progress is-primary mt-2"
          aria-label={intl.formatMessage({ id: 'Import.progress' })}
          value={counts.done}
          max={checked.valid}
        >
          {counts.done}
        </progress>
      )}
      {rejected.length > 0 && (
        <>
          <h3 className="title is-6 mt-4">
            <FormattedMessage id="Import.rejected" values={{ count: rejected.length }} />
          </h3>
          <div className="table-container">
            <table
              className="table is-narrow is-fullwidth"
              aria-label={intl.formatMessage({ id: 'Import.rejected' }, { count: rejected.length })}
            >
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="Import.line" />
                  </th>
                  <th scope="col">{fieldLabel('email')}</th>
                  <th scope="col">
                    <FormattedMessage id="Import.reasons" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rejected.slice(0, LISTED_REJECTS).map((line) => (
                  <tr key={line.line}>
                    <td>{line.line}</td>
                    <td>{line.cells[mapping.indexOf('email')] ?? ''}</td>
                    <td>{reasons(line.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rejected.length > LISTED_REJECTS && (
            <p className="help">
              <FormattedMessage
                id="Import.moreRejected"
                values={{ count: rejected.length - LISTED_REJECTS }}
              />
            </p>
          )}
          <button type="button" className="button is-small mt-2" onClick={downloadRejected}>
            <FormattedMessage id="Import.downloadRejected" />
          </button>
        </>
      )}
    </Modal>
  );
}
