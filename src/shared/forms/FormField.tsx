import type { ReactNode } from 'react';

/**
 * A Bulma field: a label bound to the control with `htmlFor`, the control, and the error message
 * (role="alert", id `${id}-error`) or else the hint (id `${id}-help`); the control names the one
 * shown in aria-describedby (fieldErrors `errorProps`).
 */
export function FormField({
  id,
  label,
  error,
  children,
  help,
}: {
  /** Id of the control inside. */
  id: string;
  label: ReactNode;
  /** Translated error text; nothing shown when empty. */
  error?: string | null;
  children: ReactNode;
  help?: ReactNode;
}) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">{children}</div>
      {help && !error && (
        <p className="help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="help is-danger" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
