import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FormState } from './useFormState';
import { useUnsavedChanges } from './unsavedChanges';

/**
 * The `<form>` of every create/edit form (issue 14): browser validation off (the schema's
 * messages show instead), submit through `form.submit` (one save at a time), and the form
 * reported to the unsaved-changes guard while it holds unsaved input.
 */
export function Form<V extends FieldValues, O>({
  form,
  onSubmit,
  submitting,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  /** What `useFormState` returned. */
  form: FormState<V, O>;
  /** Saves the parsed record fields; resolve `true` once saved (the form is then left). */
  onSubmit: (output: O) => unknown;
  /** True while a save runs (from the page). */
  submitting: boolean;
  children: ReactNode;
  className?: string;
  /** The form's accessible name, where a page holds more than one (tabs). */
  'aria-label'?: string;
}) {
  useUnsavedChanges(form.dirty, form.saving);
  return (
    <form
      className={className}
      aria-label={ariaLabel}
      onSubmit={form.submit(onSubmit, submitting)}
      noValidate
    >
      {children}
    </form>
  );
}
