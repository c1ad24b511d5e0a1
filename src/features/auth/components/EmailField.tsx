import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The labelled 'Email' input of the sign-in and password-recovery screens (spec 2). `invalid`
 * marks it red; `describedBy` names the hint given as `children`, shown under the input.
 */
export function EmailField({
  id,
  value,
  onChange,
  invalid = false,
  describedBy,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        <FormattedMessage id="Auth.email" />
      </label>
      <div className="control">
        <input
          id={id}
          className={`input${invalid ? ' is-danger' : ''}`}
          type="email"
          autoComplete="email"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      {children}
    </div>
  );
}
