/**
 * /recover-password (spec 2 Password recovery): sends a password reset e-mail and confirms with
 * 'We have sent you an email to {mail} so you can recover your account.', the same answer for a
 * known and an unknown address (sendResetLink); a failure shows the translated error (spec 8).
 * The e-mailed link opens /auth/action (AuthActionPage) in the visitor's language.
 *
 * A form of the one form system (useFormState + Form, `recoverSchema`); the page is outside the
 * signed-in layout, so no unsaved-changes guard holds it.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Form } from '@/shared/forms/Form';
import { InputField } from '@/shared/forms/InputField';
import { useFormState } from '@/shared/forms/useFormState';
import { useLocale } from '@/shared/i18n/LocaleContext';
import { selectAuth, sendResetLink } from '../authSlice';
import { AuthScreen } from '../components/AuthScreen';
import { ErrorMessage } from '../components/ErrorMessage';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import { recoverSchema, type RecoverFields } from '../validation';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';

const EMPTY: RecoverFields = { email: '' };

export default function RecoverPasswordPage() {
  const dispatch = useAppDispatch();
  const { locale } = useLocale();
  const { loading, error, restoredPassword } = useAppSelector(selectAuth);
  const form = useFormState<RecoverFields, RecoverFields>(recoverSchema, EMPTY);
  const [sentTo, setSentTo] = useState('');

  useAuthCleanUpOnLeave();

  // Resolves nothing: the form stays, so the person may send the link again.
  const onSubmit = async ({ email }: RecoverFields) => {
    const result = await dispatch(sendResetLink({ email, locale }));
    if (sendResetLink.fulfilled.match(result)) setSentTo(email);
  };

  return (
    <AuthScreen heading={<FormattedMessage id="Auth.recoverHeading" />}>
      {restoredPassword && sentTo ? (
        <div className="notification is-success is-light" role="status">
          <FormattedMessage id="Auth.resetSent" values={{ mail: <strong>{sentTo}</strong> }} />
        </div>
      ) : (
        <p className="mb-4">
          <FormattedMessage id="Auth.recoverIntro" />
        </p>
      )}
      <ErrorMessage error={error} />
      <Form form={form} onSubmit={onSubmit} submitting={loading}>
        <InputField
          id="recover-email"
          label={<FormattedMessage id="Auth.email" />}
          type="email"
          autoComplete="email"
          required
          {...form.bind('email')}
        />
        <div className="field is-grouped is-align-items-center mt-4">
          <div className="control">
            <SubmitButton labelId="Auth.sendResetLink" enabled={form.valid} loading={loading} />
          </div>
          <div className="control">
            <Link to="/login">
              <FormattedMessage id="Auth.back" />
            </Link>
          </div>
        </div>
      </Form>
    </AuthScreen>
  );
}
