/**
 * 'Approve selected' on the orders list (spec section 4, Order status; the list's bulk actions,
 * shared/table/DataTable `selection`): one confirmation naming the count, then each order approved
 * by the same race-safe approval as one (approval.ts, one after the other), and a summary of how
 * many were approved and which were skipped and why: already approved (listed so, or by another
 * admin meanwhile), gone, or refused. One summary instead of a toast per order.
 */
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '@/app/hooks';
import { toAppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import { BulkActionButton } from '@/shared/lists/BulkActionButton';
import { eachRecord } from '@/shared/lists/bulkOutcome';
import { orderRefreshed } from '../ordersSlice';
import { canApprove } from '../orderView';
import type { OrderRow } from '../types';

export interface BulkApproveButtonProps {
  /** The selected orders, in the list's order. */
  orders: OrderRow[];
  /** After the summary is closed: clears the selection. */
  onDone: () => void;
}

/** See the module comment; the dialog, progress and summary are shared/lists/BulkActionButton's. */
export function BulkApproveButton({ orders, onDone }: BulkApproveButtonProps) {
  const dispatch = useAppDispatch();

  const run = async (list: readonly OrderRow[], onProgress: (worked: number) => void) => {
    const { AlreadyApprovedError, approveOrderInDatabase, OrderNotFoundError } =
      await import('../approval');
    const db = await database();
    /** Approves one order; the catalogue id of why not, when it was not. */
    const approve = async (order: OrderRow): Promise<string | undefined> => {
      if (!canApprove(order)) return 'Orders.alreadyApproved';
      try {
        dispatch(orderRefreshed(await approveOrderInDatabase(db, order.id)));
        return undefined;
      } catch (error) {
        if (error instanceof AlreadyApprovedError) {
          dispatch(orderRefreshed(error.order));
          return error.messageId;
        }
        if (error instanceof OrderNotFoundError) return error.messageId;
        return toAppError(error).messageId;
      }
    };
    return eachRecord(
      list,
      approve,
      (order) => <span className="is-family-monospace is-size-7">{order.id}</span>,
      onProgress,
    );
  };

  return (
    <BulkActionButton
      records={orders}
      label={<FormattedMessage id="Bulk.approveSelected" />}
      color="is-success"
      title={<FormattedMessage id="Bulk.approveTitle" />}
      body={(count) => <FormattedMessage id="Bulk.approveBody" values={{ count }} />}
      confirmLabel={<FormattedMessage id="Orders.approve" />}
      closeLabel={<FormattedMessage id="Import.close" />}
      run={run}
      summary={({ done, skipped }) => (
        <FormattedMessage
          id="Bulk.approvedSummary"
          values={{ approved: done, skipped: skipped.length }}
        />
      )}
      onDone={onDone}
    />
  );
}
