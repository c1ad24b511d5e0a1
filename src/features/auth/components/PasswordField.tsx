import type { ReactNode } from 'react';
import { InputField } from '@/shared/forms/InputField';
import type { BoundField } from '@/shared/forms/useFormState';
import { FieldHint } from './FieldHint';

/** One rule of a password field (spec 5), shown live while the field holds text. */
export interface PasswordRule {
  /** Whether the typed value keeps the rule (e.g. `!failedRules(...).has('Auth.insecurePassword')`). */
  ok: boolean;
  /** Catalogue id shown while the rule holds ('Auth.safePassword'); none: nothing shown. */
  okId?: string;
  /** Catalogue id shown while the rule is broken ('Auth.unsafePassword'). */
  badId: string;
}

/**
 * A password input of the auth forms (sign-in link, change password, reset link) with the live
 * hints of spec 5 under it, one per rule, from the first character typed (the field names them
 * in aria-describedby). `error` (a required-field message from `useFormState().errorOf`) shows
 * as the shared fields' error does.
 */
export function PasswordField({
  id,
  label,
  autoComplete,
  rules = [],
  value,
  error = null,
  onChange,
  onBlur,
}: {
  id: string;
  label: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  rules?: PasswordRule[];
} & Omit<BoundField<string>, 'error'> & { error?: string | null }) {
  const hints = value ? rules.filter((rule) => !rule.ok || rule.okId) : [];
  const hintId = (index: number) => `${id}-hint-${index}`;
  return (
    <>
      <InputField
        id={id}
        label={label}
        type="password"
        autoComplete={autoComplete}
        required
        value={value}
        error={error}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={hints.length > 0 ? hints.map((_, i) => hintId(i)).join(' ') : undefined}
      />
      {hints.map((rule, index) => (
        <FieldHint key={rule.badId} id={hintId(index)} {...rule} />
      ))}
    </>
  );
}
