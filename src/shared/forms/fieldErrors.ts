import type * as z from '@/shared/zod';

/**
 * The first issue message per field of a failed zod parse, keyed by the field's dotted path
 * ('name', 'subjects.math'). Form schemas use catalogue message ids as their issue messages, so
 * the result maps a field to a message id.
 */
export function fieldErrors(error: z.core.$ZodError | undefined | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** aria attributes of a control whose FormField (shared/forms/FormField) shows `error`. */
export function errorProps(id: string, error?: string | null, hasHelp = false) {
  // FormField shows the hint (`${id}-help`) or, while invalid, the error (`${id}-error`).
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hasHelp ? { 'aria-describedby': `${id}-help` } : {};
}
