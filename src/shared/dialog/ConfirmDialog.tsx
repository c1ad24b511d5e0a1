import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface ConfirmDialogProps {
  open: boolean;
  /** Dialog title; default 'Confirm action' (spec section 2). */
  title?: ReactNode;
  /** What will happen, e.g. 'This will permanently delete the user. Action can not be undone.' */
  body: ReactNode;
  /** Text of the confirming button; default 'Delete'. */
  confirmLabel?: ReactNode;
  /** Shows a spinner on the confirming button and disables both buttons. */
  loading?: boolean;
  /** Bulma colour of the confirming button; default 'is-danger'. */
  confirmClassName?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The one confirmation dialog, asked before every destructive or irreversible action (deletes,
 * approvals, test-result resets). A native <dialog> opened modally: focus moves into it, Escape
 * cancels, the page behind is inert for keyboards and screen readers. It stays open while
 * `loading`; the caller closes it after success (spec section 4).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  loading = false,
  confirmClassName = 'is-danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; the open attribute is the same for what tests look at.
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
      // Bulma's .box sets display, which would show an empty box while the dialog is closed.
      className={open ? 'confirm-dialog box p-0' : 'confirm-dialog p-0'}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        if (!loading) onCancel();
      }}
    >
      {open && (
        <div className="modal-card" style={{ width: 'min(32rem, 90vw)' }}>
          <header className="modal-card-head">
            <h2 id={titleId} className="modal-card-title">
              {title ?? <FormattedMessage id="Common.confirmAction" />}
            </h2>
          </header>
          <section id={bodyId} className="modal-card-body">
            {body}
          </section>
          <footer className="modal-card-foot buttons is-right">
            <button
              type="button"
              className={`button ${confirmClassName}${loading ? ' is-loading' : ''}`}
              onClick={onConfirm}
              disabled={loading}
            >
              {confirmLabel ?? <FormattedMessage id="Common.delete" />}
            </button>
            <button type="button" className="button" onClick={onCancel} disabled={loading}>
              <FormattedMessage id="Common.cancel" />
            </button>
          </footer>
        </div>
      )}
    </dialog>
  );
}
