import type { ReactNode } from 'react';
import { InputField } from './InputField';
import type { BoundField } from './useFormState';

/**
 * The 'Order' of an ordered record (spec section 3: browsing levels, field levels, schools and
 * subjects are listed by it): a whole, non-negative number input. The value stays the text as
 * typed; the form's schema turns it into a number. `value`, `error`, `onChange`, `onBlur` usually
 * come from `useFormState().bind('order')`.
 */
export function OrderField({
  id,
  label,
  ...bound
}: { id: string; label: ReactNode } & BoundField<string>) {
  return <InputField id={id} label={label} type="number" min={0} step={1} {...bound} />;
}
