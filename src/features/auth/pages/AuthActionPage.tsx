/**
 * /auth/action: Firebase Auth's e-mail action links, inside the app and in the visitor's language
 * (the link's `lang` when it is en or es, else the usual choice). Public and outside the signed-in
 * layout. Modes (Firebase Auth docs, "Create custom email action handlers"; see ../emailAction.ts):
 * - `resetPassword`: `verifyPasswordResetCode` names the account, a new password is chosen with
 *   the profile's live rules (spec 5, `newPasswordSchema`), `confirmPasswordReset` saves it, and
 *   signing in is offered;
 * - `signIn`: the set-first-password form of /login (LoginPage), where the link continues;
 * - `verifyEmail`: `applyActionCode` marks the address verified, and signing in is offered.
 * An expired, unknown or already used code says so ('Auth.actionExpired', 'Auth.actionInvalid')
 * with a link back to the login page (and to a new reset link for a reset).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { AppError } from '@/shared/errors';
import { Form } from '@/shared/forms/Form';
import { useFormState } from '@/shared/forms/useFormState';
import { useLocale } from '@/shared/i18n/LocaleContext';
import { AuthScreen } from '../components/AuthScreen';
import { ErrorMessage } from '../components/ErrorMessage';
import { NewPasswordInputs } from '../components/NewPasswordInputs';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import {
  actionFailure,
  continuePath,
  parseEmailAction,
  signInLinkPath,
  type EmailAction,
} from '../emailAction';
import {
  failedRules,
  MIN_PASSWORD_LENGTH,
  newPasswordSchema,
  type NewPasswordFields,
} from '../validation';

/** Firebase Auth's action calls, loaded with the first call (actionCodes.ts). */
const actionCodes = () => import('../actionCodes');

export default function AuthActionPage() {
  const { search } = useLocation();
  const action = useMemo(() => parseEmailAction(search), [search]);
  const { setLocale } = useLocale();

  // The language the e-mail was written in; the switch on the page still changes it.
  useEffect(() => {
    if (action.lang) setLocale(action.lang);
  }, [action.lang, setLocale]);

  if (action.mode === 'signIn') return <Navigate replace to={signInLinkPath(search)} />;
  if (action.mode === 'resetPassword' && action.oobCode) return <ResetPassword action={action} />;
  if (action.mode === 'verifyEmail' && action.oobCode) return <VerifyEmail action={action} />;
  return (
    <AuthScreen heading={<FormattedMessage id="Auth.actionHeading" />}>
      <Failure messageId="Auth.actionInvalid" />
    </AuthScreen>
  );
}

/** Where an action's work is: checking the code, waiting for input, done, or failed. */
type Phase =
  | { phase: 'checking' }
  | { phase: 'form'; email: string }
  | { phase: 'done'; email: string }
  | { phase: 'failed'; messageId: string };

/**
 * The reset-password flow: check the code, choose the new password, offer to sign in. The form
 * shows, disabled, while the code is checked: the page has its final layout from its first paint
 * (the largest content painted then, not after the check's round trip, for a phone's first view),
 * and an unusable code replaces it with why.
 */
function ResetPassword({ action }: { action: EmailAction }) {
  const [state, setState] = useState<Phase>({ phase: 'checking' });

  useEffect(() => {
    let live = true;
    actionCodes()
      .then(({ verifyResetCode }) => verifyResetCode(action.oobCode))
      .then(
        (email) => live && setState({ phase: 'form', email }),
        (error: unknown) => live && setState({ phase: 'failed', messageId: actionFailure(error) }),
      );
    return () => {
      live = false;
    };
  }, [action.oobCode]);

  return (
    <AuthScreen heading={<FormattedMessage id="Auth.actionResetHeading" />}>
      {(state.phase === 'checking' || state.phase === 'form') && (
        <NewPasswordForm
          email={state.phase === 'form' ? state.email : null}
          oobCode={action.oobCode}
          // Saving is possible only once the code named the account (phase 'form').
          onDone={() =>
            setState((now) => (now.phase === 'form' ? { phase: 'done', email: now.email } : now))
          }
          onCodeRefused={(messageId) => setState({ phase: 'failed', messageId })}
        />
      )}
      {state.phase === 'done' && (
        <Done
          messageId="Auth.actionPasswordChanged"
          signInPath={continuePath(
            action.continueUrl,
            `/login?email=${encodeURIComponent(state.email)}`,
          )}
        />
      )}
      {state.phase === 'failed' && <Failure messageId={state.messageId} offerNewReset />}
    </AuthScreen>
  );
}

/**
 * The new password and its confirmation (spec 5, the profile's rules but the current-password
 * one), saved with `confirmPasswordReset`. A code refused at this point (expired, used in
 * another tab) ends the flow; other failures (weak password, network) keep the input. `email`
 * null: the code is still being checked (the form disabled, 'Checking the link…' in the place
 * of the account's address).
 */
function NewPasswordForm({
  email,
  oobCode,
  onDone,
  onCodeRefused,
}: {
  email: string | null;
  oobCode: string;
  onDone: () => void;
  onCodeRefused: (messageId: string) => void;
}) {
  const form = useFormState<NewPasswordFields, NewPasswordFields>(newPasswordSchema, {
    next: '',
    confirmation: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const failed = failedRules(newPasswordSchema, form.values);

  const onSubmit = async ({ next }: NewPasswordFields) => {
    setSubmitting(true);
    setError(null);
    try {
      const { confirmReset } = await actionCodes();
      await confirmReset(oobCode, next);
      onDone();
      return true;
    } catch (e) {
      const messageId = actionFailure(e);
      if (messageId.startsWith('Auth.action')) onCodeRefused(messageId);
      else setError({ messageId });
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {/* The rule before any typing; painted first, it is also the page's largest text, so a
          phone's first view is complete before the check's round trip. */}
      <p className="mb-2">
        <FormattedMessage id="Auth.actionResetIntro" values={{ min: MIN_PASSWORD_LENGTH }} />
      </p>
      {email === null ? (
        <Checking className="mb-4" />
      ) : (
        <p className="mb-4">
          <FormattedMessage id="Auth.actionResetFor" values={{ email: <strong>{email}</strong> }} />
        </p>
      )}
      <ErrorMessage error={error} />
      <Form form={form} onSubmit={onSubmit} submitting={submitting} disabled={email === null}>
        {/* For password managers: the account whose password this is. */}
        <input type="email" autoComplete="username" value={email ?? ''} readOnly hidden />
        <NewPasswordInputs
          idPrefix="reset"
          next={form.bind('next')}
          confirmation={form.bind('confirmation')}
          failed={failed}
        />
        <div className="field mt-4">
          <SubmitButton
            labelId="Auth.actionResetSubmit"
            enabled={form.valid && email !== null}
            loading={submitting}
          />
        </div>
      </Form>
    </>
  );
}

/** The verify-e-mail flow: apply the code once, then offer to sign in. */
function VerifyEmail({ action }: { action: EmailAction }) {
  const [state, setState] = useState<Phase>({ phase: 'checking' });
  // One request per code: React's development double effects must not spend it twice.
  const applied = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let live = true;
    applied.current ??= actionCodes().then(({ applyCode }) => applyCode(action.oobCode));
    applied.current.then(
      () => live && setState({ phase: 'done', email: '' }),
      (error: unknown) => live && setState({ phase: 'failed', messageId: actionFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [action.oobCode]);

  return (
    <AuthScreen heading={<FormattedMessage id="Auth.actionVerifyHeading" />}>
      {state.phase === 'checking' && <Checking />}
      {state.phase === 'done' && (
        <Done
          messageId="Auth.actionEmailVerified"
          signInPath={continuePath(action.continueUrl, '/login')}
        />
      )}
      {state.phase === 'failed' && <Failure messageId={state.messageId} />}
    </AuthScreen>
  );
}

/** That the link's code is being checked (a status, read out by screen readers). */
function Checking({ className }: { className?: string }) {
  return (
    <p role="status" className={className}>
      <FormattedMessage id="Auth.actionChecking" />
    </p>
  );
}

/** Success, and the way on: sign in. */
function Done({ messageId, signInPath }: { messageId: string; signInPath: string }) {
  return (
    <>
      <div className="notification is-success is-light" role="status">
        <FormattedMessage id={messageId} />
      </div>
      <Link to={signInPath} className="button is-primary">
        <FormattedMessage id="Auth.actionSignIn" />
      </Link>
    </>
  );
}

/** Why the link cannot be used, and the ways back: login, and a new reset link for a reset. */
function Failure({
  messageId,
  offerNewReset = false,
}: {
  messageId: string;
  offerNewReset?: boolean;
}) {
  return (
    <>
      <div className="notification is-danger is-light" role="alert">
        <FormattedMessage id={messageId} />
      </div>
      <div className="is-flex is-flex-wrap-wrap is-column-gap-4">
        {offerNewReset && (
          <Link to="/recover-password">
            <FormattedMessage id="Auth.actionNewResetLink" />
          </Link>
        )}
        <Link to="/login">
          <FormattedMessage id="Auth.actionBackToLogin" />
        </Link>
      </div>
    </>
  );
}
