/**
 * The Change Password form of the profile page (spec 2 Profile, spec 5 Change password):
 * current, new and confirmation fields with live hints ('Safe password'/'Insecure password',
 * 'Passwords match'/'Passwords do not match', 'The new password and the current one cannot be
 * the same'); submit is enabled only when all rules hold (`changePasswordSchema`). Submitting
 * re-authenticates with the current password, then updates it (spec 7); success toasts
 * 'Password changed successfully.' and clears the form (spec 4 changedPassword); failures show
 * the translated error (spec 8) and keep the input.
 *
 * A form of the one form system: inside the signed-in layout, leaving it half typed asks first.
 * Used by src/app/ProfilePage.tsx; takes no props.
 */
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Form } from '@/shared/forms/Form';
import { useFormState } from '@/shared/forms/useFormState';
import { changePassword, selectAuth } from '../authSlice';
import { changePasswordSchema, failedRules, type ChangePasswordFields } from '../validation';
import { ErrorMessage } from './ErrorMessage';
import { NewPasswordInputs } from './NewPasswordInputs';
import { PasswordField } from './PasswordField';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';

const EMPTY: ChangePasswordFields = { current: '', next: '', confirmation: '' };

export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const { loading, error } = useAppSelector(selectAuth);
  const form = useFormState<ChangePasswordFields, ChangePasswordFields>(
    changePasswordSchema,
    EMPTY,
  );
  const id = useId();

  useAuthCleanUpOnLeave();

  // Resolves nothing: the form stays on the page, emptied after a change, for another one.
  const onSubmit = async ({ current, next }: ChangePasswordFields) => {
    const result = await dispatch(changePassword({ current, next }));
    if (changePassword.fulfilled.match(result)) form.methods.reset(EMPTY);
  };

  return (
    <div className="card">
      <header className="card-header">
        <h2 className="card-header-title">
          <FormattedMessage id="Auth.changePasswordTitle" />
        </h2>
      </header>
      <div className="card-content">
        <ErrorMessage error={error} />
        <Form form={form} onSubmit={onSubmit} submitting={loading}>
          <PasswordField
            id={`${id}-current`}
            label={<FormattedMessage id="Auth.currentPassword" />}
            autoComplete="current-password"
            {...form.bind('current')}
          />
          <NewPasswordInputs
            idPrefix={id}
            next={form.bind('next')}
            confirmation={form.bind('confirmation')}
            failed={failedRules(changePasswordSchema, form.values)}
          />
          <div className="field mt-4">
            <SubmitButton
              labelId="Auth.changePasswordSubmit"
              enabled={form.valid}
              loading={loading}
            />
          </div>
        </Form>
      </div>
    </div>
  );
}

export default ChangePasswordForm;
