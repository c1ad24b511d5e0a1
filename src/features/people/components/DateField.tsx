import { format, parseISO } from 'date-fns';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { Field } from './Field';

export interface DateFieldProps {
  id: string;
  label: string;
  /** 'yyyy-MM-dd' or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** A date picker shown as dd/MM/yyyy (spec section 9), stored as 'yyyy-MM-dd'. */
export function DateField({ id, label, value, onChange, error }: DateFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <DatePicker
        id={id}
        className="input"
        dateFormat="dd/MM/yyyy"
        placeholderText="dd/mm/yyyy"
        selected={value ? parseISO(value) : null}
        onChange={(date: Date | null) => onChange(date ? format(date, 'yyyy-MM-dd') : null)}
        showYearDropdown
        showMonthDropdown
        dropdownMode="select"
        ariaInvalid={error ? 'true' : undefined}
        ariaDescribedBy={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}
