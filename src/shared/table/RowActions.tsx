import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A list row's Edit link and Delete button, as compact icon buttons so a row stays one line
 * high. Each one's accessible name (also its tooltip) names the row, e.g. 'Edit Ana' and
 * 'Delete Ana', for screen readers and for tests that find them by role and name. Deleting is
 * confirmed by the caller's ConfirmDialog (spec section 4); a row that cannot be deleted (an
 * admin user, spec section 6) passes no `onDelete` and shows Edit alone. `children` come first
 * (e.g. the MoveButtons of ordered lists).
 */
export function RowActions({
  editTo,
  editLabel,
  onDelete,
  deleteLabel,
  children,
}: {
  /** Route of the row's edit page, e.g. '/users/abc'. */
  editTo: string;
  editLabel: string;
  /** Omitted: no Delete button. */
  onDelete?: () => void;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="buttons are-small">
      {children}
      <Link
        className="button is-info is-light"
        to={editTo}
        aria-label={editLabel}
        title={editLabel}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
          <path d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
        </svg>
      </Link>
      {onDelete && (
        <button
          type="button"
          className="button is-danger is-light"
          aria-label={deleteLabel}
          title={deleteLabel}
          onClick={onDelete}
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
            <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
          </svg>
        </button>
      )}
    </div>
  );
}
