/**
 * /recover-password (spec 2 Password recovery): sends a password reset e-mail and confirms with
 * 'We have sent you an email to {mail} so you can recover your account.'; a failure shows the
 * translated error (spec 8).
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectAuth, sendResetLink } from '../authSlice';
import { AuthScreen } from '../components/AuthScreen';
import { EmailField } from '../components/EmailField';
import { ErrorMessage } from '../components/ErrorMessage';
import { SubmitButton } from '../components/SubmitButton';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';

export default function RecoverPasswordPage() {
  const dispatch = useAppDispatch();
  const { loading, error, restoredPassword } = useAppSelector(selectAuth);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');

  useAuthCleanUpOnLeave();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(sendResetLink({ email }));
    if (sendResetLink.fulfilled.match(result)) setSentTo(email.trim());
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
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <EmailField id="recover-email" value={email} onChange={setEmail} />
        <div className="field is-grouped is-align-items-center mt-4">
          <div className="control">
            <SubmitButton
              labelId="Auth.sendResetLink"
              enabled={email.trim() !== ''}
              loading={loading}
            />
          </div>
          <div className="control">
            <Link to="/login">
              <FormattedMessage id="Auth.back" />
            </Link>
          </div>
        </div>
      </form>
    </AuthScreen>
  );
}
