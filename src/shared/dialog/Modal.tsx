import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** The heading (an h2); it names the dialog (aria-labelledby). */
  title: ReactNode;
  /** The body; rendered only while open. */
  children: ReactNode;
  /** The buttons, right-aligned in the card's foot. */
  footer: ReactNode;
  /**
   * Escape was pressed or the backdrop clicked; the dialog stays open until the caller sets
   * `open` false.
   */
  onCancel: () => void;
  /** CSS width of the card; default 'min(32rem, 90vw)'. */
  width?: string;
  /** Extra classes on the body section, e.g. 'has-text-centered'. */
  bodyClassName?: string;
  /** Also describes the dialog by its body (aria-describedby), for short messages. */
  describedByBody?: boolean;
  /**
   * The element that gets the focus when the dialog opens; default the first focusable one
   * (showModal's choice).
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The one modal: a native <dialog> opened with showModal, so focus moves into it, Escape and a
 * click on the backdrop cancel, and the page behind is inert for keyboards and screen readers (HTML spec, "The dialog
 * element"). Bulma modal-card markup inside. Used by ConfirmDialog and the orders' QR dialog.
 */
export function Modal({
  open,
  title,
  children,
  footer,
  onCancel,
  width = 'min(32rem, 90vw)',
  bodyClassName,
  describedByBody = false,
  initialFocus,
}: ModalProps) {
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
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      className="app-modal"
      aria-labelledby={titleId}
      aria-describedby={describedByBody ? bodyId : undefined}
      onCancel={(e) => {
        // The caller owns `open`: stop the browser closing the dialog behind React's back.
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => {
        // The card fills the <dialog>'s box, so a click that lands on the <dialog> itself was on
        // the backdrop around it: cancel, as Escape does.
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      {open && (
        <div className="modal-card" style={{ width }}>
          <header className="modal-card-head">
            <h2 id={titleId} className="modal-card-title">
              {title}
            </h2>
          </header>
          <section
            id={bodyId}
            className={bodyClassName ? `modal-card-body ${bodyClassName}` : 'modal-card-body'}
          >
            {children}
          </section>
          <footer className="modal-card-foot buttons is-right">{footer}</footer>
        </div>
      )}
    </dialog>
  );
}
