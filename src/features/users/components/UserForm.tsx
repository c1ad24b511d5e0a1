/**
 * The user form (spec 2 User form; spec 5 validation) in three modes:
 * - 'create' (/users/new): every field, the e-mail editable;
 * - 'edit' (/users/{id}): the e-mail read-only (spec 4: a modified user keeps its e-mail);
 * - 'profile' (/profile): no 'Is Admin', the e-mail read-only, no Go Back link.
 * Left card 'User Information', right card the live 'User Preview'. The submit button is enabled
 * only when name, location and created date are filled and the e-mail is valid (spec 5). The form
 * keeps its input whatever happens to a save; the page decides where to go after success.
 */
import { es } from 'date-fns/locale/es';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { StepFailure } from '@/shared/accounts';
import type { AppError } from '@/shared/errors';
import { FollowUpFailures } from '@/shared/forms/FollowUpFailures';
import type { User } from '../types';
import { checkUserForm, logoProblem, type UserFormData, type UserFormValues } from '../validation';
import { UserPreview } from './UserPreview';

registerLocale('es', es);

export type UserFormMode = 'create' | 'edit' | 'profile';

export interface UserFormProps {
  mode: UserFormMode;
  /** The stored user in edit and profile modes. */
  user?: User | null;
  /** A save is under way: the submit button spins and is disabled. */
  saving: boolean;
  /** Upload progress of the logo, 0..100, or null when no upload runs. */
  progress: number | null;
  /** The last save's error, shown under the form. */
  error?: AppError | null;
  /** Create mode: the steps that failed after the account was made; shows them with Retry. */
  failures?: StepFailure[];
  onSubmit: (data: UserFormData, logo: File | null) => void;
  /** Create mode: runs the failed steps again. */
  onRetry?: (data: UserFormData, logo: File | null) => void;
}

function initialValues(user: User | null | undefined): UserFormValues {
  return {
    email: user?.email ?? '',
    name: user?.name ?? '',
    location: user?.location ?? '',
    isAdmin: user?.isAdmin ?? false,
    createdAt: user ? new Date(user.createdAt) : new Date(),
  };
}

export function UserForm({
  mode,
  user,
  saving,
  progress,
  error,
  failures = [],
  onSubmit,
  onRetry,
}: UserFormProps) {
  const intl = useIntl();
  const id = useId();
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const [touched, setTouched] = useState<Partial<Record<keyof UserFormValues, boolean>>>({});
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { valid, data, errors } = checkUserForm(values);
  const retrying = failures.length > 0;
  // A retry continues with the account already made, so its e-mail can no longer change.
  const emailReadOnly = mode !== 'create' || retrying;

  // A preview of the picked file until it is uploaded; then the stored (resized) logo.
  const pickedUrl = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const fieldError = (field: keyof UserFormValues) => (touched[field] ? errors[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!data || saving || logoError) return;
    if (retrying) onRetry?.(data, logo);
    else onSubmit(data, logo);
  };

  const textField = (field: 'email' | 'name' | 'location', type = 'text') => {
    const problem = fieldError(field);
    const readOnly = field === 'email' && emailReadOnly;
    return (
      <div className="field">
        <label className="label" htmlFor={`${id}-${field}`}>
          <FormattedMessage id={`Users.${field}`} />
        </label>
        <div className="control">
          <input
            id={`${id}-${field}`}
            className={`input${problem ? ' is-danger' : ''}`}
            type={type}
            value={values[field]}
            required
            readOnly={readOnly}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-${field}-error` : undefined}
            autoComplete={field === 'email' ? 'email' : field === 'name' ? 'name' : 'off'}
            onChange={(e) => set(field, e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
          />
        </div>
        {readOnly && mode !== 'create' && (
          <p className="help">
            <FormattedMessage id="Users.emailReadOnly" />
          </p>
        )}
        {problem && (
          <p id={`${id}-${field}-error`} className="help is-danger" role="alert">
            <FormattedMessage id={problem} />
          </p>
        )}
      </div>
    );
  };

  const dateProblem = fieldError('createdAt');

  return (
    <div className="columns">
      <div className="column is-7">
        <section className="card" aria-labelledby={`${id}-info`}>
          <header className="card-header">
            <h2 id={`${id}-info`} className="card-header-title">
              <FormattedMessage id="Users.information" />
            </h2>
          </header>
          <form className="card-content" onSubmit={submit} noValidate>
            {textField('email', 'email')}
            {textField('name')}
            {textField('location')}
            {mode !== 'profile' && (
              <div className="field">
                <label className="checkbox" htmlFor={`${id}-isAdmin`}>
                  <input
                    id={`${id}-isAdmin`}
                    type="checkbox"
                    className="mr-2"
                    checked={values.isAdmin}
                    disabled={retrying}
                    onChange={(e) => set('isAdmin', e.target.checked)}
                  />
                  <FormattedMessage id="Users.isAdmin" />
                </label>
              </div>
            )}
            <div className="field">
              <label className="label" htmlFor={`${id}-createdAt`}>
                <FormattedMessage id="Users.createdAt" />
              </label>
              <div className="control">
                <DatePicker
                  id={`${id}-createdAt`}
                  className={`input${dateProblem ? ' is-danger' : ''}`}
                  selected={values.createdAt}
                  // dd/MM/yyyy with a four-digit year only: '05/06/21' is not the year 21.
                  strictParsing
                  onChange={(date: Date | null) => set('createdAt', date)}
                  dateFormat="dd/MM/yyyy"
                  locale={intl.locale.startsWith('es') ? 'es' : undefined}
                  placeholderText={intl.formatMessage({ id: 'Users.datePlaceholder' })}
                  ariaInvalid={dateProblem ? 'true' : undefined}
                  ariaDescribedBy={dateProblem ? `${id}-createdAt-error` : undefined}
                  required
                />
              </div>
              {dateProblem && (
                <p id={`${id}-createdAt-error`} className="help is-danger" role="alert">
                  <FormattedMessage id={dateProblem} />
                </p>
              )}
            </div>
            <div className="field">
              <label className="label" htmlFor={`${id}-logo`}>
                <FormattedMessage id="Users.logo" />
              </label>
              <div className="control">
                <input
                  id={`${id}-logo`}
                  type="file"
                  accept="image/*"
                  aria-invalid={logoError ? true : undefined}
                  aria-describedby={`${id}-logo-hint${logoError ? ` ${id}-logo-error` : ''}`}
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    const problem = file ? logoProblem(file) : null;
                    setLogoError(problem);
                    setLogo(problem ? null : file);
                  }}
                />
              </div>
              <p id={`${id}-logo-hint`} className="help">
                <FormattedMessage id="Users.logoHint" />
              </p>
              {logoError && (
                <p id={`${id}-logo-error`} className="help is-danger" role="alert">
                  <FormattedMessage id={logoError} />
                </p>
              )}
              {progress !== null && (
                <div className="mt-2">
                  <label className="is-size-7" htmlFor={`${id}-progress`}>
                    <FormattedMessage id="Users.uploadProgress" />
                  </label>
                  <progress
                    id={`${id}-progress`}
                    className="progress is-small is-info"
                    value={Math.round(progress)}
                    max={100}
                  >
                    {Math.round(progress)}%
                  </progress>
                </div>
              )}
            </div>
            {retrying && (
              <FollowUpFailures
                failures={failures}
                onRetry={() => data && onRetry?.(data, logo)}
                retrying={saving}
                disabled={!valid || logoError !== null}
              />
            )}
            {error && !retrying && (
              <div className="notification is-danger is-light" role="alert">
                <FormattedMessage id={error.messageId} />
              </div>
            )}
            <div className="field is-grouped">
              {/* While retrying, the Retry button of FollowUpFailures replaces Save. */}
              {!retrying && (
                <div className="control">
                  <button
                    type="submit"
                    className={`button is-primary${saving ? ' is-loading' : ''}`}
                    disabled={!valid || saving || logoError !== null}
                  >
                    <FormattedMessage id="Common.save" />
                  </button>
                </div>
              )}
              {mode !== 'profile' && (
                <div className="control">
                  <Link to="/users" className="button is-light">
                    <FormattedMessage id="Common.goBack" />
                  </Link>
                </div>
              )}
            </div>
          </form>
        </section>
      </div>
      <div className="column is-5">
        <UserPreview
          logoUrl={pickedUrl ?? user?.logoUrl ?? null}
          email={values.email}
          name={values.name}
          location={values.location}
          isAdmin={values.isAdmin}
          createdAt={values.createdAt}
          showAdmin={mode !== 'profile'}
        />
      </div>
    </div>
  );
}
