/**
 * /login (spec 2 Login): e-mail and password sign-in, or, when opened from an e-mailed sign-in
 * link, the form that sets the invited person's first password.
 *
 * Sign-in link (spec 2, 5, 7): the users feature sends links whose continue URL is
 * `/login?email=<email>`; the Auth backend appends `mode=signIn&oobCode=…&apiKey=…`, which
 * `isSignInWithEmailLink` recognises. Without the e-mail in the query the person types it.
 * A successful sign-in puts a session in the store and RedirectIfSignedIn leaves the page.
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isSignInWithEmailLink } from 'firebase/auth';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { auth, usesEmulators } from '@/shared/firebase';
import { selectAuth, setPasswordWithLink, signIn } from '../authSlice';
import { AuthScreen } from '../components/AuthScreen';
import { EmailField } from '../components/EmailField';
import { ErrorMessage } from '../components/ErrorMessage';
import { FieldHint } from '../components/FieldHint';
import { SocialButtons } from '../components/SocialButtons';
import { SubmitButton } from '../components/SubmitButton';
import { canSetPassword, isSafePassword, isValidEmail } from '../validation';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';

export default function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { loading, error } = useAppSelector(selectAuth);
  const link = `${window.location.origin}${location.pathname}${location.search}`;
  const linkMode = isSignInWithEmailLink(auth, link);
  const [email, setEmail] = useState(() => new URLSearchParams(location.search).get('email') ?? '');
  const [password, setPassword] = useState('');
  const [passwordSet, setPasswordSet] = useState(false);

  // Leaving the auth screens clears the error (spec 4).
  useAuthCleanUpOnLeave();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!linkMode) {
      await dispatch(signIn({ email, password }));
      return;
    }
    const result = await dispatch(setPasswordWithLink({ email, password, link }));
    if (setPasswordWithLink.fulfilled.match(result) && !result.payload.session) {
      // A student or tutor: the password is set but there is no back office for them. The code
      // is spent, so the page goes back to the plain login form with the notice on top.
      setPasswordSet(true);
      setPassword('');
      navigate('/login', { replace: true });
    }
  };

  const emailOk = isValidEmail(email);
  const passwordOk = isSafePassword(password);
  const canSubmit = linkMode ? canSetPassword(email, password) : email !== '' && password !== '';

  return (
    <AuthScreen
      heading={<FormattedMessage id={linkMode ? 'Auth.setPasswordHeading' : 'Auth.loginHeading'} />}
    >
      {passwordSet && (
        <div className="notification is-info is-light" role="status">
          <FormattedMessage id="Auth.passwordSetNotStaff" />
        </div>
      )}
      <ErrorMessage error={error} />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <EmailField
          id="login-email"
          value={email}
          onChange={setEmail}
          invalid={linkMode && email !== '' && !emailOk}
          describedBy={linkMode ? 'login-email-hint' : undefined}
        >
          {linkMode &&
            (email ? (
              !emailOk && (
                <p id="login-email-hint" className="help is-danger" role="alert">
                  <FormattedMessage id="Auth.invalidEmail" />
                </p>
              )
            ) : (
              <p id="login-email-hint" className="help">
                <FormattedMessage id="Auth.linkEmailHint" />
              </p>
            ))}
        </EmailField>
        <div className="field">
          <label className="label" htmlFor="login-password">
            <FormattedMessage id="Auth.password" />
          </label>
          <div className="control">
            <input
              id="login-password"
              className="input"
              type="password"
              autoComplete={linkMode ? 'new-password' : 'current-password'}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={linkMode && password ? 'login-password-hint' : undefined}
            />
          </div>
          {linkMode && password && (
            <FieldHint
              id="login-password-hint"
              ok={passwordOk}
              okId="Auth.safePassword"
              badId="Auth.unsafePassword"
            />
          )}
        </div>
        <div className="field is-grouped is-grouped-multiline is-align-items-center mt-4">
          <div className="control">
            <SubmitButton
              labelId={linkMode ? 'Auth.setPassword' : 'Auth.login'}
              enabled={canSubmit}
              loading={loading}
            />
          </div>
          {!linkMode && (
            <div className="control">
              <Link to="/recover-password">
                <FormattedMessage id="Auth.forgotPassword" />
              </Link>
            </div>
          )}
        </div>
      </form>
      {!linkMode && <SocialButtons />}
      {usesEmulators && (
        <p className="mt-5 is-size-7">
          <Link to="/outbox" title={intl.formatMessage({ id: 'Outbox.description' })}>
            <FormattedMessage id="Auth.localOutbox" />
          </Link>
        </p>
      )}
    </AuthScreen>
  );
}
