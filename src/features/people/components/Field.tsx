import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface FieldProps {
  /** id of the control, tied to the label with htmlFor. */
  id: string;
  /** Message id of the label. */
  label: string;
  /** Message id of the error, shown with role="alert". */
  error?: string;
  children: ReactNode;
}

/** A Bulma field: label, control and its error (forms standard: labelled, errors as alerts). */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <div className="control">{children}</div>
      {error && (
        <p className="help is-danger" role="alert" id={`${id}-error`}>
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  );
}
