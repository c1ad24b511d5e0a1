import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { formatMoney } from '@/shared/money';
import { formatListDate } from '@/shared/table/dates';
import { approveOrder } from '../ordersSlice';
import { expiryState } from '../orderView';
import type { OrderRow } from '../types';

export interface ApproveOrderDialogProps {
  /** The order to approve; null closes the dialog. */
  order: OrderRow | null;
  /** Epoch ms the page judges expiry against (the list's instant). */
  now: number;
  /** Called once the approval has finished, approved or refused (the toast tells which). */
  onClose: () => void;
}

/**
 * The confirmation asked before an order is approved (spec section 4: any status but approved
 * can be approved after confirmation). Approving an order whose expiry date has passed is
 * allowed, as the spec says, but the dialog says so with the date before the admin confirms,
 * since the student may no longer use those lessons. Success and failure toasts come from the
 * thunk (app/notifications).
 */
export function ApproveOrderDialog({ order, now, onClose }: ApproveOrderDialogProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const expiry = order ? expiryState(order, now) : 'ok';

  const confirm = async () => {
    if (!order) return;
    setBusy(true);
    await dispatch(approveOrder(order.id));
    setBusy(false);
    onClose();
  };

  return (
    <ConfirmDialog
      open={order !== null}
      title={<FormattedMessage id="Orders.approveTitle" />}
      body={
        order && (
          <>
            <p>
              <FormattedMessage
                id="Orders.approveBody"
                values={{
                  id: order.id,
                  student: order.studentName,
                  total: formatMoney(intl, order.total),
                }}
              />
            </p>
            {expiry === 'expired' && (
              <p className="notification is-warning is-light mt-3 mb-0" role="note">
                <FormattedMessage
                  id="Orders.approveExpired"
                  values={{ date: formatListDate(intl, order.expiredDate) }}
                />
              </p>
            )}
          </>
        )
      }
      confirmLabel={<FormattedMessage id="Orders.approve" />}
      confirmClassName="is-success"
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
