/**
 * 'Approve selected' on the orders list (spec section 4, Order status; the list's bulk actions,
 * shared/table/DataTable `selection`): one confirmation naming the count, then each order approved
 * by the same race-safe approval as one (approval.ts, one after the other), and a summary of how
 * many were approved and which were skipped and why: already approved (listed so, or by another
 * admin meanwhile), gone, or refused. One summary instead of a toast per order.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '@/app/hooks';
import { Modal } from '@/shared/dialog/Modal';
import { toAppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import { orderRefreshed } from '../ordersSlice';
import { canApprove } from '../orderView';
import type { OrderRow } from '../types';

export interface BulkApproveButtonProps {
  /** The selected orders, in the list's order. */
  orders: OrderRow[];
  /** After the summary is closed: clears the selection. */
  onDone: () => void;
}

/** An order left as it was, and the catalogue id of why. */
interface Skipped {
  id: string;
  reason: string;
}

/** See the module comment. */
export function BulkApproveButton({ orders, onDone }: BulkApproveButtonProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<OrderRow[] | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ approved: number; skipped: Skipped[] } | null>(null);

  const run = async (list: OrderRow[]) => {
    setRunning(true);
    const { AlreadyApprovedError, approveOrderInDatabase, OrderNotFoundError } =
      await import('../approval');
    const db = await database();
    let approved = 0;
    const skipped: Skipped[] = [];
    for (const order of list) {
      if (!canApprove(order)) {
        skipped.push({ id: order.id, reason: 'Orders.alreadyApproved' });
        continue;
      }
      try {
        dispatch(orderRefreshed(await approveOrderInDatabase(db, order.id)));
        approved += 1;
      } catch (error) {
        if (error instanceof AlreadyApprovedError) {
          dispatch(orderRefreshed(error.order));
          skipped.push({ id: order.id, reason: error.messageId });
        } else if (error instanceof OrderNotFoundError) {
          skipped.push({ id: order.id, reason: error.messageId });
        } else {
          skipped.push({ id: order.id, reason: toAppError(error).messageId });
        }
      }
    }
    setRunning(false);
    setResult({ approved, skipped });
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
      {/* The list renders this whatever the selection (DataTable `selection.actions`). */}
      {orders.length > 0 && (
        <button
          type="button"
          className="button is-success is-light"
          onClick={() => setChosen(orders)}
        >
          <FormattedMessage id="Bulk.approveSelected" />
        </button>
      )}
      <Modal
        open={chosen !== null}
        title={<FormattedMessage id="Bulk.approveTitle" />}
        onCancel={close}
        footer={
          result ? (
            <button type="button" className="button" onClick={close}>
              <FormattedMessage id="Import.close" />
            </button>
          ) : (
            <>
              <button
                type="button"
                className={`button is-success${running ? ' is-loading' : ''}`}
                disabled={running}
                onClick={() => chosen && void run(chosen)}
              >
                <FormattedMessage id="Orders.approve" />
              </button>
              <button type="button" className="button" disabled={running} onClick={close}>
                <FormattedMessage id="Common.cancel" />
              </button>
            </>
          )
        }
      >
        {!result && (
          <p>
            <FormattedMessage id="Bulk.approveBody" values={{ count: chosen?.length ?? 0 }} />
          </p>
        )}
        <div role="status">
          {result && (
            <>
              <p>
                <FormattedMessage
                  id="Bulk.approvedSummary"
                  values={{ approved: result.approved, skipped: result.skipped.length }}
                />
              </p>
              {result.skipped.length > 0 && (
                <ul className="mt-2">
                  {result.skipped.map((s) => (
                    <li key={s.id}>
                      <span className="is-family-monospace is-size-7">{s.id}</span>:{' '}
                      {intl.formatMessage({ id: s.reason })}
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
