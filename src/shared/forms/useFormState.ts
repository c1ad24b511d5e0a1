/**
 * The state of a create/edit form (spec section 5): the values as typed, checked by a zod schema
 * on every render. Submit is allowed only when the schema holds; a field's error shows once the
 * field was changed or left (touched), translated from the catalogue id the schema gives (see
 * fieldErrors). The values live in the form, so a failed save keeps them (spec section 4).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { fieldErrors } from './fieldErrors';

/** What an input needs to show and change one field (spread into InputField/SelectField). */
export interface BoundField<V> {
  value: V;
  /** Translated error text, null while the field is untouched or valid. */
  error: string | null;
  onChange: (value: V) => void;
  onBlur: () => void;
}

/**
 * @param schema turns the form values into the record fields; issue messages are catalogue ids
 * @param initial the values to start from (e.g. `emptyX` or `xToForm(record)`)
 * @returns the values, the parse result, per-field errors and setters, `bind(field)` for
 *   InputField/SelectField, and `submit(onSubmit, submitting)`: the form's submit handler, which
 *   calls `onSubmit` with the parsed record fields only when the schema holds and no save runs;
 *   when `onSubmit` returns a promise, further submits are ignored until it settles, and for good
 *   once it resolves `true` (saved: the form is being left).
 */
export function useFormState<V extends object, O>(schema: z.ZodType<O, V>, initial: V) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof V>>(new Set());
  const result = schema.safeParse(values);
  const errors = fieldErrors(result.error);

  const touch = (field: keyof V) => setTouched((t) => new Set(t).add(field));
  const errorOf = (field: keyof V): string | null => {
    const id = errors[String(field)];
    return touched.has(field) && id ? intl.formatMessage({ id }) : null;
  };
  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    touch(field);
  };
  const bind = <K extends keyof V>(field: K): BoundField<V[K]> => ({
    value: values[field],
    error: errorOf(field),
    onChange: (value) => set(field, value),
    onBlur: () => touch(field),
  });
  // A save in flight, known at once: two Enter presses 30 ms apart arrive before React has
  // re-rendered with `submitting` (issue 14: the record was saved twice).
  const inFlight = useRef(false);
  const submit = (onSubmit: (output: O) => unknown, submitting: boolean) => (event: FormEvent) => {
    event.preventDefault();
    if (!result.success || submitting || inFlight.current) return;
    inFlight.current = true;
    // A save that resolves `true` succeeded and the form is being left: it stays locked, or a
    // second Enter 30 ms later would create the record again before the page changes.
    const unlock = () => {
      inFlight.current = false;
    };
    void Promise.resolve(onSubmit(result.data)).then((saved) => {
      if (saved !== true) unlock();
    }, unlock);
  };

  return { values, setValues, valid: result.success, errorOf, set, bind, submit };
}
