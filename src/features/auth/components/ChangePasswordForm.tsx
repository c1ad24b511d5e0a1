/**
 * The Change Password form of the profile page (spec 2 Profile, spec 5 Change password):
 * current, new and confirmation fields with live hints ('Safe password'/'Insecure password',
 * 'Passwords match'/'Passwords do not match', 'The new password and the current one cannot be
 * the same'); submit is enabled only when all rules hold. Submitting re-authenticates with the
 * current password, then updates it (spec 7); success toasts 'Password changed successfully.'
 * and clears the form (spec 4 changedPassword); failures show the translated error (spec 8).
 *
 * Used by src/app/ProfilePage.tsx; takes no props.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { changePassword, selectAuth } from '../authSlice';
import { checkChangePassword, type ChangePasswordFields } from '../validation';
import { ErrorMessage } from './ErrorMessage';
import { FieldHint } from './FieldHint';
import { SubmitButton } from './SubmitButton';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';

const EMPTY: ChangePasswordFields = { current: '', next: '', confirmation: '' };

export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const { loading, error } = useAppSelector(selectAuth);
  const [fields, setFields] = useState<ChangePasswordFields>(EMPTY);
  const id = useId();
  const checks = checkChangePassword(fields);

  useAuthCleanUpOnLeave();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checks.valid) return;
    const result = await dispatch(changePassword({ current: fields.current, next: fields.next }));
    if (changePassword.fulfilled.match(result)) setFields(EMPTY);
  };

  const input = (name: keyof ChangePasswordFields, labelId: string, hints?: string) => (
    <div className="field">
      <label className="label" htmlFor={`${id}-${name}`}>
        <FormattedMessage id={labelId} />
      </label>
      <div className="control">
        <input
          id={`${id}-${name}`}
          className="input"
          type="password"
          autoComplete={name === 'current' ? 'current-password' : 'new-password'}
          required
          value={fields[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          aria-describedby={hints}
        />
      </div>
    </div>
  );

  return (
    <div className="card">
      <header className="card-header">
        <h2 className="card-header-title">
          <FormattedMessage id="Auth.changePasswordTitle" />
        </h2>
      </header>
      <div className="card-content">
        <ErrorMessage error={error} />
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          {input('current', 'Auth.currentPassword')}
          {input('next', 'Auth.newPassword', fields.next ? `${id}-safe ${id}-differs` : undefined)}
          {fields.next && (
            <>
              <FieldHint
                id={`${id}-safe`}
                ok={checks.safe}
                okId="Auth.securePassword"
                badId="Auth.insecurePassword"
              />
              {!checks.differs && (
                <p id={`${id}-differs`} className="help is-danger" aria-live="polite">
                  <FormattedMessage id="Auth.samePassword" />
                </p>
              )}
            </>
          )}
          {input(
            'confirmation',
            'Auth.confirmPassword',
            fields.confirmation ? `${id}-match` : undefined,
          )}
          {fields.confirmation && (
            <FieldHint
              id={`${id}-match`}
              ok={checks.matches}
              okId="Auth.passwordsMatch"
              badId="Auth.passwordsDoNotMatch"
            />
          )}
          <div className="field mt-4">
            <SubmitButton
              labelId="Auth.changePasswordSubmit"
              enabled={checks.valid}
              loading={loading}
            />
          </div>
        </form>
      </div>
    </div>
  );
}

export default ChangePasswordForm;
