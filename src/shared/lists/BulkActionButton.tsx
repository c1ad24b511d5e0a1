/**
 * A bulk action of a list with a selection (shared/table/DataTable `selection`): the button that
 * opens it, one confirmation naming the count (Cancel focused first, as every confirmation, see
 * shared/dialog/ConfirmDialog), a progress bar while the records are worked through, and one
 * summary instead of a toast per record: how many were done, and each record left alone, named,
 * with the reason. The summary is a status region, so screen readers announce it (WAI-ARIA
 * `status`); Escape, the backdrop and the buttons are ignored while it runs; `onDone` (which
 * clears the selection) follows the closing of the summary, not a cancel. The dialog keeps the
 * records chosen when it opened: the summary stays while the done rows leave the selection.
 * Used by 'Delete selected' (./BulkDeleteButton) and the orders' 'Approve selected'.
 */
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmButtons } from '../dialog/ConfirmDialog';
import { Modal } from '../dialog/Modal';
import type { BulkOutcome, BulkProgress } from './bulkOutcome';

export interface BulkActionButtonProps<R> {
  /** The selected records, in the list's order; no button when empty. */
  records: readonly R[];
  /** Text of the opening button, e.g. 'Delete selected'. */
  label: ReactNode;
  /**
   * Bulma colour of the action, e.g. 'is-danger': the opening button is its light variant, the
   * confirming button the full one.
   */
  color: string;
  /** The dialog's title; default 'Confirm action'. */
  title?: ReactNode;
  /** The question, given the number of records chosen. */
  body: (count: number) => ReactNode;
  /** Text of the confirming button, e.g. 'Delete'. */
  confirmLabel: ReactNode;
  /** Text of the button that closes the summary; default 'Close'. */
  closeLabel?: ReactNode;
  /**
   * Acts on the chosen records (e.g. with `eachRecord`), calling `onProgress` as it goes, and
   * resolves what it did. It must not reject: a record that fails is a skip with its reason.
   */
  run: (records: readonly R[], onProgress: BulkProgress) => Promise<BulkOutcome>;
  /** The summary's sentence for an outcome, e.g. '3 students deleted; 1 not deleted:'. */
  summary: (outcome: BulkOutcome) => ReactNode;
  /** After the summary is closed: clears the selection. */
  onDone: () => void;
}

/** See the module comment. */
export function BulkActionButton<R>({
  records,
  label,
  color,
  title,
  body,
  confirmLabel,
  closeLabel,
  run,
  summary,
  onDone,
}: BulkActionButtonProps<R>) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<readonly R[] | null>(null);
  const [worked, setWorked] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const running = worked !== null;

  const start = async (list: readonly R[]) => {
    setWorked(0);
    const result = await run(list, setWorked);
    setWorked(null);
    setOutcome(result);
  };

  const close = () => {
    if (running) return;
    const finished = outcome !== null;
    setChosen(null);
    setOutcome(null);
    if (finished) onDone();
  };

  const total = chosen?.length ?? 0;
  return (
    <>
      {records.length > 0 && (
        <button
          type="button"
          className={`button ${color} is-light`}
          onClick={() => setChosen(records)}
        >
          {label}
        </button>
      )}
      <Modal
        open={chosen !== null}
        title={title ?? <FormattedMessage id="Common.confirmAction" />}
        initialFocus={cancelRef}
        onCancel={close}
        footer={
          outcome ? (
            <button type="button" className="button" onClick={close}>
              {closeLabel ?? <FormattedMessage id="Common.close" />}
            </button>
          ) : (
            <ConfirmButtons
              confirmLabel={confirmLabel}
              confirmClassName={color}
              loading={running}
              cancelRef={cancelRef}
              onConfirm={() => chosen && void start(chosen)}
              onCancel={close}
            />
          )
        }
      >
        {!outcome && <p>{body(total)}</p>}
        {running && (
          <progress
            className={`progress is-small mt-3 ${color}`}
            max={total}
            value={worked}
            aria-label={intl.formatMessage({ id: 'Bulk.progress' }, { worked, total })}
          />
        )}
        <div role="status">
          {outcome && (
            <>
              <p>{summary(outcome)}</p>
              {outcome.skipped.length > 0 && (
                <ul className="mt-2">
                  {outcome.skipped.map((skip) => (
                    <li key={skip.id}>
                      {skip.label}: {intl.formatMessage({ id: skip.reason })}
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
