import type { ReactNode } from 'react';
import type { BoundField } from '@/shared/forms/useFormState';
import { FormField } from '@/shared/forms/FormField';
import { CountrySelect } from './CountrySelect';

/**
 * A required country of a record form (spec section 3: field levels, schools and subjects have a
 * country): a labelled CountrySelect with an empty first option, marked invalid and described by
 * its error while `error` is set. `value`, `error`, `onChange`, `onBlur` usually come from
 * `useFormState().bind('countryId')`.
 */
export function CountryField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
}: { id: string; label: ReactNode } & BoundField<string>) {
  return (
    <FormField id={id} label={label} error={error}>
      <CountrySelect
        id={id}
        value={value}
        allowEmpty
        required
        onChange={onChange}
        onBlur={onBlur}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
    </FormField>
  );
}
