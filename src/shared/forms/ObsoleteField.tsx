import type { ReactNode } from 'react';
import { Switch } from './Switch';
import type { BoundField } from './useFormState';

/**
 * The 'Is obsolete' switch of a record form (spec section 3: obsolete records stay stored but are
 * hidden from choices), standing alone in its own Bulma field. `value` and `onChange` usually
 * come from `useFormState().bind('isObsolete')`; the switch has no rule, so the error and blur
 * are not used.
 */
export function ObsoleteField({
  id,
  label,
  value,
  onChange,
}: { id: string; label: ReactNode } & Pick<BoundField<boolean>, 'value' | 'onChange'>) {
  return (
    <div className="field">
      <Switch id={id} label={label} checked={value} onChange={onChange} />
    </div>
  );
}
