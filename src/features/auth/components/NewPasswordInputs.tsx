import { FormattedMessage } from 'react-intl';
import type { BoundField } from '@/shared/forms/useFormState';
import { PasswordField } from './PasswordField';

/**
 * The new password and its confirmation of the password forms (spec 5: the profile's Change
 * password and the reset link's new password), with their live hints: 'Safe password' /
 * 'Insecure password', 'The new password and the current one cannot be the same' (shown only when
 * broken, so only where the schema has the rule), 'Passwords match' / 'Passwords do not match'.
 *
 * @param idPrefix the inputs' ids are `${idPrefix}-next` and `${idPrefix}-confirmation`
 * @param next, confirmation `useFormState().bind` of the two fields; their errors are replaced by
 *   the hints
 * @param failed the message ids of the rules the form's values break (`failedRules(schema,
 *   values)` with the form's own schema, so hints, submit and request checks agree)
 */
export function NewPasswordInputs({
  idPrefix,
  next,
  confirmation,
  failed,
}: {
  idPrefix: string;
  next: BoundField<string>;
  confirmation: BoundField<string>;
  failed: ReadonlySet<string>;
}) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-next`}
        label={<FormattedMessage id="Auth.newPassword" />}
        autoComplete="new-password"
        {...next}
        error={null}
        rules={[
          {
            ok: !failed.has('Auth.insecurePassword'),
            okId: 'Auth.securePassword',
            badId: 'Auth.insecurePassword',
          },
          { ok: !failed.has('Auth.samePassword'), badId: 'Auth.samePassword' },
        ]}
      />
      <PasswordField
        id={`${idPrefix}-confirmation`}
        label={<FormattedMessage id="Auth.confirmPassword" />}
        autoComplete="new-password"
        {...confirmation}
        error={null}
        rules={[
          {
            ok: !failed.has('Auth.passwordsDoNotMatch'),
            okId: 'Auth.passwordsMatch',
            badId: 'Auth.passwordsDoNotMatch',
          },
        ]}
      />
    </>
  );
}
