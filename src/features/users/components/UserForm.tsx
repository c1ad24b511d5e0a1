/**
 * The user form (spec 2 User form; spec 5 validation) in three modes:
 * - 'create' (/users/new): every field, the e-mail editable;
 * - 'edit' (/users/{id}): the e-mail read-only (spec 4: a modified user keeps its e-mail);
 * - 'profile' (/profile): no 'Is Admin', the e-mail and the created date read-only, no Go Back
 *   link.
 * Left card 'User Information', right card the live 'User Preview'. Built on the one form system
 * (shared/forms useFormState + Form, schema `userFormSchema`): Save is enabled only when the
 * schema holds, a submit cannot run twice, leaving with unsaved input asks first, and the form
 * keeps its input whatever happens to a save; the page decides where to go after success.
 */
import { format, parseISO } from 'date-fns';
import { useEffect, useId, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { StepFailure } from '@/shared/accounts';
import type { AppError } from '@/shared/errors';
import { DateField } from '@/shared/forms/DateField';
import { FileField } from '@/shared/forms/FileField';
import { FollowUpFailures } from '@/shared/forms/FollowUpFailures';
import { Form } from '@/shared/forms/Form';
import { InputField } from '@/shared/forms/InputField';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import { useFormState } from '@/shared/forms/useFormState';
import { listReturnPath } from '@/shared/table/listState';
import type { User } from '../types';
import { userFormSchema, type UserFormData, type UserFormValues } from '../validation';
import { UserPreview } from './UserPreview';

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
  /**
   * Create mode: the steps that failed after the account was made; they are listed with a Retry
   * that submits the form again (the page's `onSubmit` then retries only those steps).
   */
  failures?: StepFailure[];
  /** Saves the parsed fields and the new logo; resolves true once saved (the form is left). */
  onSubmit: (data: UserFormData) => Promise<boolean>;
}

const DAY = 'yyyy-MM-dd';

function initialValues(user: User | null | undefined): UserFormValues {
  return {
    email: user?.email ?? '',
    name: user?.name ?? '',
    location: user?.location ?? '',
    isAdmin: user?.isAdmin ?? false,
    createdAt: format(user ? new Date(user.createdAt) : new Date(), DAY),
    logo: null,
  };
}

/** The user form; see the module comment. */
export function UserForm({
  mode,
  user,
  saving,
  progress,
  error,
  failures = [],
  onSubmit,
}: UserFormProps) {
  const id = useId();
  const form = useFormState(userFormSchema, initialValues(user));
  const { values } = form;
  const retrying = failures.length > 0;
  // A retry continues with the account already made, so its e-mail can no longer change.
  const emailReadOnly = mode !== 'create' || retrying;
  const logo = form.bind('logo');

  // The profile stays on screen after a save: what was saved becomes the form's clean state.
  const submit = async (data: UserFormData) => {
    const saved = await onSubmit(data);
    if (!saved || mode !== 'profile') return saved;
    form.methods.reset({ ...form.methods.getValues(), logo: null });
    return false;
  };

  // A preview of the picked file until it is uploaded; then the stored (resized) logo.
  const pickedUrl = useMemo(
    () => (values.logo instanceof Blob ? URL.createObjectURL(values.logo) : null),
    [values.logo],
  );
  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);
  const createdAt =
    values.createdAt && /^\d{4}-\d{2}-\d{2}$/.test(values.createdAt)
      ? parseISO(values.createdAt)
      : null;

  return (
    <div className="columns">
      <div className="column is-7">
        <section className="card" aria-labelledby={`${id}-info`}>
          <header className="card-header">
            <h2 id={`${id}-info`} className="card-header-title">
              <FormattedMessage id="Users.information" />
            </h2>
          </header>
          <Form form={form} submitting={saving} onSubmit={submit} className="card-content">
            <InputField
              id={`${id}-email`}
              label={<FormattedMessage id="Users.email" />}
              type="email"
              autoComplete="email"
              required
              readOnly={emailReadOnly}
              help={
                emailReadOnly && mode !== 'create' ? (
                  <FormattedMessage id="Users.emailReadOnly" />
                ) : undefined
              }
              {...form.bind('email')}
            />
            <InputField
              id={`${id}-name`}
              label={<FormattedMessage id="Users.name" />}
              autoComplete="name"
              required
              {...form.bind('name')}
            />
            <InputField
              id={`${id}-location`}
              label={<FormattedMessage id="Users.location" />}
              autoComplete="off"
              required
              {...form.bind('location')}
            />
            {mode !== 'profile' && (
              <div className="field">
                <label className="checkbox" htmlFor={`${id}-isAdmin`}>
                  <input
                    id={`${id}-isAdmin`}
                    type="checkbox"
                    className="mr-2"
                    checked={values.isAdmin}
                    disabled={retrying}
                    onChange={(e) => form.set('isAdmin', e.target.checked)}
                  />
                  <FormattedMessage id="Users.isAdmin" />
                </label>
              </div>
            )}
            <DateField
              id={`${id}-createdAt`}
              label={<FormattedMessage id="Users.createdAt" />}
              // The account's creation is a fact about it, not the person's to change.
              readOnly={mode === 'profile'}
              {...form.bind('createdAt')}
            />
            <FileField
              id={`${id}-logo`}
              label={<FormattedMessage id="Users.logo" />}
              accept="image/*"
              help={<FormattedMessage id="Users.logoHint" />}
              file={logo.value}
              onChange={logo.onChange}
              progress={progress}
              progressLabel={<FormattedMessage id="Users.uploadProgress" />}
              error={logo.error}
            />
            {retrying && (
              <FollowUpFailures failures={failures} retrying={saving} disabled={!form.valid} />
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
                  <SubmitButton enabled={form.valid} loading={saving} />
                </div>
              )}
              {mode !== 'profile' && (
                <div className="control">
                  <Link to={listReturnPath('/users')} className="button is-light">
                    <FormattedMessage id="Common.goBack" />
                  </Link>
                </div>
              )}
            </div>
          </Form>
        </section>
      </div>
      <div className="column is-5">
        <UserPreview
          logoUrl={pickedUrl ?? user?.logoUrl ?? null}
          email={values.email}
          name={values.name}
          location={values.location}
          isAdmin={values.isAdmin}
          createdAt={createdAt}
          showAdmin={mode !== 'profile'}
        />
      </div>
    </div>
  );
}
