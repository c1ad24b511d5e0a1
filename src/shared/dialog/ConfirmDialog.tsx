import { useRef, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from './Modal';

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
 * approvals, test-result resets), on the shared Modal: the focus moves to Cancel, the least
 * destructive action, so that Enter or Space pressed at once does not confirm (WAI-ARIA
 * Authoring Practices, "Alert and Message Dialogs" and "Dialog (Modal)": initial focus), Escape
 * cancels (except while `loading`), the page behind is inert. It stays open while `loading`; the
 * caller closes it after success (spec section 4).
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title ?? <FormattedMessage id="Common.confirmAction" />}
      describedByBody
      initialFocus={cancelRef}
      // While the action runs, Escape must not hide its outcome.
      onCancel={() => {
        if (!loading) onCancel();
      }}
      footer={
        <ConfirmButtons
          confirmLabel={confirmLabel}
          confirmClassName={confirmClassName}
          loading={loading}
          cancelRef={cancelRef}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      }
    >
      {body}
    </Modal>
  );
}

export interface ConfirmButtonsProps {
  /** Text of the confirming button; default 'Delete'. */
  confirmLabel?: ReactNode;
  /** Bulma colour of the confirming button, e.g. 'is-danger'. */
  confirmClassName: string;
  /** Shows a spinner on the confirming button and disables both buttons. */
  loading: boolean;
  /** Given to Cancel, for the dialog's `initialFocus`. */
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** Absent: Cancel alone (a dialog that explains why the action cannot be taken). */
  onConfirm?: () => void;
  onCancel: () => void;
}

/**
 * The confirmation's footer: the confirming button, then Cancel (which the dialog focuses first,
 * see ConfirmDialog). Shared with the dialogs that confirm and then show an outcome in the same
 * card (shared/lists/BulkActionButton) and with the reference delete, which may offer another
 * action or none (shared/lists/DeleteReferenceDialog).
 */
export function ConfirmButtons({
  confirmLabel,
  confirmClassName,
  loading,
  cancelRef,
  onConfirm,
  onCancel,
}: ConfirmButtonsProps) {
  return (
    <>
      {onConfirm && (
        <button
          type="button"
          className={`button ${confirmClassName}${loading ? ' is-loading' : ''}`}
          onClick={onConfirm}
          disabled={loading}
        >
          {confirmLabel ?? <FormattedMessage id="Common.delete" />}
        </button>
      )}
      <button
        ref={cancelRef}
        type="button"
        className="button"
        onClick={onCancel}
        disabled={loading}
      >
        <FormattedMessage id="Common.cancel" />
      </button>
    </>
  );
}
