import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A Bulma dropdown opened by a button (aria-expanded); closes on Escape (focus back on the
 * button), on a click outside and on navigation.
 */
export function Dropdown({
  label,
  trigger,
  children,
}: {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
}) {
  const location = useLocation();
  // Open only for the page it was opened on, so navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpenOn(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className={`dropdown is-right ${open ? 'is-active' : ''}`}>
      <div className="dropdown-trigger">
        <button
          ref={buttonRef}
          type="button"
          className="button is-white"
          aria-label={label}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpenOn(open ? null : location.key)}
        >
          {trigger}
        </button>
      </div>
      <div className="dropdown-menu" id={id}>
        <div className="dropdown-content">{children}</div>
      </div>
    </div>
  );
}
