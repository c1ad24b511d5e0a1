import type { ReactNode } from 'react';
import { errorProps } from './fieldErrors';
import { FormField } from './FormField';

/**
 * A labelled Bulma select in a FormField; `children` are its options, whose values are all of
 * type `V` (or ''), e.g. the AccessBy values. `value`, `error`, `onChange`, `onBlur` usually come
 * from `useFormState().bind(field)`.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  error = null,
  onChange,
  onBlur,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  value: V;
  error?: string | null;
  onChange: (value: V) => void;
  onBlur?: () => void;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className={`select is-fullwidth${error ? ' is-danger' : ''}`}>
        <select
          id={id}
          value={value}
          required={required}
          // The options are the only values the select can take, and all are V.
          onChange={(e) => onChange(e.target.value as V)}
          onBlur={onBlur}
          {...errorProps(id, error)}
        >
          {children}
        </select>
      </div>
    </FormField>
  );
}
