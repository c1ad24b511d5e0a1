/**
 * 'Delete selected' of a list with bulk actions (shared/table/DataTable `selection`): one
 * confirmation naming the count, then each record deleted as a single delete does it (the list's
 * own remove, one after the other, so each has its own toast and server-side follow-ups), and the
 * selection cleared.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../dialog/ConfirmDialog';

export interface BulkDeleteButtonProps {
  /** Ids of the selected records. */
  ids: string[];
  /** Deletes one record as the list's single delete does; resolves false when it failed. */
  remove: (id: string) => Promise<boolean>;
  /** After the last delete: clears the selection. */
  onDone: () => void;
}

/** See the module comment. */
export function BulkDeleteButton({ ids, remove, onDone }: BulkDeleteButtonProps) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [count, setCount] = useState(0);

  const confirm = async () => {
    setRunning(true);
    for (const id of ids) await remove(id);
    setRunning(false);
    setAsking(false);
    onDone();
  };

  return (
    <>
      <button
        type="button"
        className="button is-danger is-light"
        onClick={() => {
          setCount(ids.length);
          setAsking(true);
        }}
      >
        <FormattedMessage id="Table.deleteSelected" />
      </button>
      <ConfirmDialog
        open={asking}
        body={<FormattedMessage id="Table.deleteSelectedBody" values={{ count }} />}
        loading={running}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
