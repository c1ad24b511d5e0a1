/**
 * /login (spec 2 Login): e-mail and password sign-in, or, when opened from an e-mailed sign-in
 * link, the form that sets the invited person's first password.
 *
 * Sign-in link (spec 2, 5, 7): the users feature sends links whose continue URL is
 * `/login?email=<email>`; the Auth backend (or /auth/action, AuthActionPage) appends
 * `mode=signIn&oobCode=…&apiKey=…`, which `isEmailSignInLink` recognises. Without the e-mail
 * in the query the person types it. A successful sign-in puts a session in the store and
 * RedirectIfSignedIn leaves the page.
 *
 * Both forms are forms of the one form system (useFormState + Form, schemas in ../validation).
 * The page is outside the signed-in layout, so no unsaved-changes guard holds it. Sign-in offers
 * what spec 1 names, e-mail and password or an e-mailed link: no social sign-in buttons.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usesEmulators } from '@/shared/firebaseConfig';
import { Form } from '@/shared/forms/Form';
import { InputField } from '@/shared/forms/InputField';
import { useFormState } from '@/shared/forms/useFormState';
import { selectAuth, setPasswordWithLink, signIn } from '../authSlice';
import { AuthScreen } from '../components/AuthScreen';
import { ErrorMessage } from '../components/ErrorMessage';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import {
  failedRules,
  loginSchema,
  setPasswordSchema,
  type LoginFields,
  type SetPasswordFields,
} from '../validation';
import { useAuthCleanUpOnLeave } from '../useAuthCleanUpOnLeave';
import { isEmailSignInLink } from '../signInLink';

export default function LoginPage() {
  const intl = useIntl();
  const location = useLocation();
  const link = `${window.location.origin}${location.pathname}${location.search}`;
  const linkMode = isEmailSignInLink(location.search);
  const [passwordSet, setPasswordSet] = useState(false);

  // Leaving the auth screens clears the error (spec 4).
  useAuthCleanUpOnLeave();

  return (
    <AuthScreen
      heading={<FormattedMessage id={linkMode ? 'Auth.setPasswordHeading' : 'Auth.loginHeading'} />}
    >
      {passwordSet && (
        <div className="notification is-info is-light" role="status">
          <FormattedMessage id="Auth.passwordSetNotStaff" />
        </div>
      )}
      {/* Keyed: the set-password form gives way to a fresh sign-in form once the code is spent. */}
      <LoginForm
        key={linkMode ? 'link' : 'login'}
        link={linkMode ? link : null}
        onPasswordSet={() => setPasswordSet(true)}
      />
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

/**
 * The sign-in form, or with a sign-in `link` the set-first-password form (spec 5: 'Invalid email'
 * and 'Unsafe password'/'Safe password' live, 'Set Password' enabled only when they hold), whose
 * password is typed twice, as on the reset page ('Passwords match'/'Passwords do not match').
 */
function LoginForm({ link, onPasswordSet }: { link: string | null; onPasswordSet: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { loading, error } = useAppSelector(selectAuth);
  const linkMode = link !== null;
  const form = useFormState<SetPasswordFields, LoginFields>(
    linkMode ? setPasswordSchema : loginSchema,
    {
      email: new URLSearchParams(location.search).get('email') ?? '',
      password: '',
      confirmation: '',
    },
  );
  const { email } = form.values;
  const failed = failedRules(setPasswordSchema, form.values);

  const onSubmit = async ({ email, password }: LoginFields) => {
    const fields = { email, password };
    if (!link) return signIn.fulfilled.match(await dispatch(signIn(fields)));
    const result = await dispatch(setPasswordWithLink({ ...fields, link }));
    if (setPasswordWithLink.fulfilled.match(result) && !result.payload.session) {
      // A student or tutor: the password is set but there is no back office for them. The code
      // is spent, so the page goes back to the plain login form with the notice on top.
      onPasswordSet();
      navigate('/login', { replace: true });
    }
    return setPasswordWithLink.fulfilled.match(result);
  };

  const emailInvalid = linkMode && email !== '' && failed.has('Auth.invalidEmail');
  return (
    <>
      <ErrorMessage error={error} />
      <Form form={form} onSubmit={onSubmit} submitting={loading}>
        <InputField
          id="login-email"
          label={<FormattedMessage id="Auth.email" />}
          type="email"
          autoComplete="email"
          required
          {...form.bind('email')}
          error={
            linkMode
              ? emailInvalid
                ? intl.formatMessage({ id: 'Auth.invalidEmail' })
                : null
              : form.errorOf('email')
          }
          help={linkMode && email === '' && <FormattedMessage id="Auth.linkEmailHint" />}
        />
        <PasswordField
          id="login-password"
          label={<FormattedMessage id="Auth.password" />}
          autoComplete={linkMode ? 'new-password' : 'current-password'}
          {...form.bind('password')}
          error={linkMode ? null : form.errorOf('password')}
          rules={
            linkMode
              ? [
                  {
                    ok: !failed.has('Auth.unsafePassword'),
                    okId: 'Auth.safePassword',
                    badId: 'Auth.unsafePassword',
                  },
                ]
              : []
          }
        />
        {linkMode && (
          <PasswordField
            id="login-confirmation"
            label={<FormattedMessage id="Auth.confirmPassword" />}
            autoComplete="new-password"
            {...form.bind('confirmation')}
            error={null}
            rules={[
              {
                ok: !failed.has('Auth.passwordsDoNotMatch'),
                okId: 'Auth.passwordsMatch',
                badId: 'Auth.passwordsDoNotMatch',
              },
            ]}
          />
        )}
        <div className="field is-grouped is-grouped-multiline is-align-items-center mt-4">
          <div className="control">
            <SubmitButton
              labelId={linkMode ? 'Auth.setPassword' : 'Auth.login'}
              enabled={form.valid}
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
      </Form>
    </>
  );
}
