import type { ReactNode } from 'react';

/**
 * A checkbox shown as a switch (role="switch") with its label, e.g. 'Is obsolete' on forms or
 * 'Show all' above lists. Wrap it in `<div className="field">` where it stands alone.
 */
export function Switch({
  id,
  label,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="checkbox" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mr-2"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
