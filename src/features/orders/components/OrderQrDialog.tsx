import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Modal } from '@/shared/dialog/Modal';
import { QrCode } from '@/shared/QrCode';

export interface OrderQrDialogProps {
  /** The order whose id the QR encodes; null closes the dialog. */
  orderId: string | null;
  onClose: () => void;
}

/**
 * 'View QR' of an approved order (spec section 2, Orders): a modal with the QR of the order id and
 * a link to its public page /qrcode/{id}, in the shared Modal (focus moves in, Escape closes).
 */
export function OrderQrDialog({ orderId, onClose }: OrderQrDialogProps) {
  const intl = useIntl();

  return (
    <Modal
      open={orderId !== null}
      title={<FormattedMessage id="Orders.qrTitle" />}
      width="min(24rem, 90vw)"
      bodyClassName="has-text-centered"
      onCancel={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id="Common.close" />
        </button>
      }
    >
      {orderId !== null && (
        <>
          <QrCode
            value={orderId}
            label={intl.formatMessage({ id: 'Orders.qrLabel' }, { id: orderId })}
          />
          <p className="mt-2">
            <Link to={`/qrcode/${encodeURIComponent(orderId)}`} target="_blank">
              <FormattedMessage id="Orders.qrOpenPage" />
            </Link>
          </p>
        </>
      )}
    </Modal>
  );
}
