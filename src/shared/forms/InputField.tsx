import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorProps } from './fieldErrors';
import { FormField } from './FormField';

/**
 * A labelled Bulma text or number input in a FormField: red border and aria-invalid /
 * aria-describedby while `error` is set. `value`, `error`, `onChange`, `onBlur` usually come
 * from `useFormState().bind(field)`; other input attributes (type, min, step, required,
 * autoComplete, inputMode) pass through.
 */
export function InputField({
  id,
  label,
  help,
  value,
  error = null,
  onChange,
  onBlur,
  ...attributes
}: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'onBlur' | 'className'
>) {
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <input
        id={id}
        className={`input${error ? ' is-danger' : ''}`}
        {...attributes}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...errorProps(id, error, Boolean(help))}
      />
    </FormField>
  );
}
