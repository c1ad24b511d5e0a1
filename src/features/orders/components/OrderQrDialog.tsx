import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

/** QR size in CSS pixels (spec section 9: QR code size 256). */
export const QR_SIZE = 256;

export interface OrderQrDialogProps {
  /** The order whose id the QR encodes; null closes the dialog. */
  orderId: string | null;
  onClose: () => void;
}

/**
 * 'View QR' of an approved order (spec section 2, Orders): a modal with the QR of the order id and
 * a link to its public page /qrcode/{id}. A native modal <dialog>, like the ConfirmDialog: focus
 * moves in, Escape closes.
 */
export function OrderQrDialog({ orderId, onClose }: OrderQrDialogProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = orderId !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      // Bulma's .box sets display:block, which would beat the browser's hiding of a closed
      // <dialog> and leave an empty box on the page.
      className={open ? 'box p-0' : undefined}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {orderId !== null && (
        <div className="modal-card" style={{ width: 'min(24rem, 90vw)' }}>
          <header className="modal-card-head">
            <h2 id={titleId} className="modal-card-title">
              <FormattedMessage id="Orders.qrTitle" />
            </h2>
          </header>
          <section className="modal-card-body has-text-centered">
            <QRCodeSVG
              value={orderId}
              size={QR_SIZE}
              role="img"
              aria-label={intl.formatMessage({ id: 'Orders.qrLabel' }, { id: orderId })}
            />
            <p className="mt-3 is-family-monospace">{orderId}</p>
            <p className="mt-2">
              <Link to={`/qrcode/${encodeURIComponent(orderId)}`} target="_blank">
                <FormattedMessage id="Orders.qrOpenPage" />
              </Link>
            </p>
          </section>
          <footer className="modal-card-foot buttons is-right">
            <button type="button" className="button" onClick={onClose}>
              <FormattedMessage id="Common.close" />
            </button>
          </footer>
        </div>
      )}
    </dialog>
  );
}
