import type { ZodError } from 'zod';

/**
 * The first issue message per top-level field of a failed zod parse. Form schemas use catalogue
 * message ids as their issue messages, so the result maps a field name to a message id.
 */
export function fieldErrors(error: ZodError | undefined | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** aria attributes of a control whose FormField (shared/forms/FormField) shows `error`. */
export function errorProps(id: string, error?: string | null) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
