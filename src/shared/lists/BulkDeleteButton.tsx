/**
 * 'Delete selected' of a list with bulk actions (shared/table/DataTable `selection`): one
 * confirmation naming the count, then each record deleted as a single delete does it (the list's
 * own remove, one after the other, so the server's follow-ups are each a single delete's), and
 * one summary instead of a toast per record: how many were deleted, and each record that was not,
 * by name, with the reason (a failed delete's error, or why the list leaves it alone, e.g. one's
 * own account). The summary is a status region, so screen readers announce it (WAI-ARIA
 * `status`); the selection is cleared when it is closed.
 */
import { FormattedMessage } from 'react-intl';
import { BulkActionButton } from './BulkActionButton';
import { eachRecord } from './bulkOutcome';

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

/** See the module comment; the dialog, progress and summary are ./BulkActionButton's. */
export function BulkDeleteButton({
  records,
  remove,
  skipReason,
  summary = 'Table.deletedSelected',
  onDone,
}: BulkDeleteButtonProps) {
  return (
    <BulkActionButton
      records={records}
      label={<FormattedMessage id="Table.deleteSelected" />}
      color="is-danger"
      body={(count) => <FormattedMessage id="Table.deleteSelectedBody" values={{ count }} />}
      confirmLabel={<FormattedMessage id="Common.delete" />}
      run={(list, onProgress) =>
        eachRecord(
          list,
          (record) => skipReason?.(record) ?? remove(record.id),
          (record) => record.name,
          onProgress,
        )
      }
      summary={({ done, skipped }) => (
        <FormattedMessage id={summary} values={{ deleted: done, failed: skipped.length }} />
      )}
      onDone={onDone}
    />
  );
}
