/**
 * 'Delete selected' of a list with bulk actions (shared/table/DataTable `selection`): one
 * confirmation naming the count, then each record deleted as a single delete does it (the list's
 * own remove, one after the other, so the server's follow-ups are each a single delete's), and
 * one summary instead of a toast per record: how many were deleted, and each record that was not,
 * by name, with the reason (a failed delete's error, or why the list leaves it alone, e.g. one's
 * own account). The summary is a status region, so screen readers announce it (WAI-ARIA
 * `status`); the selection is cleared when it is closed.
 */
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Modal } from '../dialog/Modal';

/** A selected record: its id, and the name the summary lists it by. */
export interface BulkDeleteRecord {
  id: string;
  name: string;
}

export interface BulkDeleteButtonProps {
  /** The selected records, in the list's order. */
  records: readonly BulkDeleteRecord[];
  /**
   * Deletes one record as the list's single delete does, without its own toast (shared/entitySlice
   * `RemoveRequest` `{ id, quiet: true }`, and ./removeFailure); resolves undefined when it
   * was deleted, else the catalogue id of why not.
   */
  remove: (id: string) => Promise<string | undefined>;
  /** The catalogue id of why a record is left alone without trying, or undefined to delete it. */
  skipReason?: (record: BulkDeleteRecord) => string | undefined;
  /**
   * Catalogue id of the summary, given `{deleted, failed}` counts, e.g. 'Students.deletedSelected'
   * ("3 students deleted."); default 'Table.deletedSelected' ("3 records deleted.").
   */
  summary?: string;
  /** After the summary is closed: clears the selection. */
  onDone: () => void;
}

/** A record left in place and the catalogue id of why. */
interface NotDeleted extends BulkDeleteRecord {
  reason: string;
}

/** See the module comment. */
export function BulkDeleteButton({
  records,
  remove,
  skipReason,
  summary = 'Table.deletedSelected',
  onDone,
}: BulkDeleteButtonProps) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<readonly BulkDeleteRecord[] | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ deleted: number; failed: NotDeleted[] } | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const run = async (list: readonly BulkDeleteRecord[]) => {
    setRunning(true);
    let deleted = 0;
    const failed: NotDeleted[] = [];
    for (const record of list) {
      const reason = skipReason?.(record) ?? (await remove(record.id));
      if (reason === undefined) deleted += 1;
      else failed.push({ ...record, reason });
    }
    setRunning(false);
    setResult({ deleted, failed });
  };

  const close = () => {
    if (running) return;
    const done = result !== null;
    setChosen(null);
    setResult(null);
    if (done) onDone();
  };

  return (
    <>
      {records.length > 0 && (
        <button
          type="button"
          className="button is-danger is-light"
          onClick={() => setChosen(records)}
        >
          <FormattedMessage id="Table.deleteSelected" />
        </button>
      )}
      <Modal
        open={chosen !== null}
        title={<FormattedMessage id="Common.confirmAction" />}
        // Cancel first, as the single delete's confirmation does: Enter at once does not delete.
        initialFocus={cancelRef}
        onCancel={close}
        footer={
          result ? (
            <button type="button" className="button" onClick={close}>
              <FormattedMessage id="Common.close" />
            </button>
          ) : (
            <>
              <button
                type="button"
                className={`button is-danger${running ? ' is-loading' : ''}`}
                disabled={running}
                onClick={() => chosen && void run(chosen)}
              >
                <FormattedMessage id="Common.delete" />
              </button>
              <button
                ref={cancelRef}
                type="button"
                className="button"
                disabled={running}
                onClick={close}
              >
                <FormattedMessage id="Common.cancel" />
              </button>
            </>
          )
        }
      >
        {!result && (
          <p>
            <FormattedMessage
              id="Table.deleteSelectedBody"
              values={{ count: chosen?.length ?? 0 }}
            />
          </p>
        )}
        <div role="status">
          {result && (
            <>
              <p>
                <FormattedMessage
                  id={summary}
                  values={{ deleted: result.deleted, failed: result.failed.length }}
                />
              </p>
              {result.failed.length > 0 && (
                <ul className="mt-2">
                  {result.failed.map((record) => (
                    <li key={record.id}>
                      {record.name}: {intl.formatMessage({ id: record.reason })}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
