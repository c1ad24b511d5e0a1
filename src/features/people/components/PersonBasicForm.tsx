/**
 * The Basic Profile tab of the student and tutor forms (spec sections 2, 3, 5 and 9), made of
 * field groups (contact, address, photo, and the kind's extras from its PersonKind) on the one
 * form system (shared/forms/useFormState).
 *
 * Create: the slice's `createWithAccount` (httpsCreateUser, then record, photo and CV upload and
 * sign-in link in parallel, shared/accounts); failed steps are listed with a Retry that reuses
 * the account. A created person continues on its edit page with the Profile Level tab open.
 * Edit: the e-mail is fixed; the slice's `modify` replaces a new photo's or CV's old files
 * (shared/ownedFiles) with progress, then saves the fields; then the list is shown. Toasts come
 * from the thunks; on failure the form keeps everything typed.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import { FileField } from '@/shared/forms/FileField';
import { FollowUpFailures } from '@/shared/forms/FollowUpFailures';
import { Form } from '@/shared/forms/Form';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import { CREATED_STATE } from '@/shared/forms/useCreatedState';
import { useAccountCreation } from '@/shared/forms/useAccountCreation';
import { useFormState } from '@/shared/forms/useFormState';
import { listReturnPath } from '@/shared/table/listState';
import { useRemoteChangesContext } from '@/shared/forms/useRemoteChanges';
import { basicValues, type PersonBasicValues } from '../formValues';
import type { PersonKind } from '../kinds';
import { AddressFields } from './fields/AddressFields';
import { ContactFields } from './fields/ContactFields';

export interface PersonBasicFormProps<P extends Student | Tutor> {
  kind: PersonKind<P>;
  /** The stored person when editing; undefined when creating. */
  person?: P;
}

/** What the schema gives besides the record's own fields: the chosen files. */
type BasicOutput = Record<string, unknown> & {
  email: string;
  name: string;
  photo: File | null;
  cv?: File | null;
};

/** The Basic Profile form; see the module comment. */
export function PersonBasicForm<P extends Student | Tutor>({
  kind,
  person,
}: PersonBasicFormProps<P>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const form = useFormState(kind.basicSchema, basicValues(person));
  const remote = useRemoteChangesContext();
  const account = useAccountCreation(kind.entity.createWithAccount);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const pending = account.pending;
  const photo = form.bind('photo');
  const idOf = (field: keyof PersonBasicValues) => `${kind.idPrefix}-${field}`;
  // One progress bar: the photo's when one is chosen, else the CV's (shared/ownedFiles).
  const progressOf = (field: 'photo' | 'cv') =>
    field === 'photo' || !form.values.photo ? progress : null;

  /** The chosen files by the record's URL field. */
  const filesOf = (output: BasicOutput) => ({ logoUrl: output.photo, cvUrl: output.cv ?? null });

  /** The new record: the form's fields, the server-set ones and the kind's own. */
  const newRecord = (output: BasicOutput): Omit<P, 'id'> => {
    const { photo: _photo, cv: _cv, ...fields } = output;
    return {
      ...fields,
      userType: kind.userType,
      logoUrl: null,
      createdAt: Date.now(),
      isTested: false,
      testResult: null,
      ...kind.newRecordFields,
    } as unknown as Omit<P, 'id'>;
  };

  const create = async (output: BasicOutput) => {
    const created = await account.create({
      account: { email: output.email, userType: kind.userType },
      record: newRecord(output),
      files: filesOf(output),
      onProgress: setProgress,
    });
    if (!created) return false;
    // Replace: Back from the edit page leads to the list, not to an empty new form.
    void navigate(`/${kind.path}/${created.id}`, { replace: true, state: CREATED_STATE });
    return true;
  };

  const modify = async (current: P, output: BasicOutput) => {
    const { email: _email, photo: _photo, cv: _cv, ...changes } = output;
    const result = await dispatch(
      // `changes` is the output of this kind's own schema: fields of P.
      kind.entity.modify({
        id: current.id,
        // Only the fields changed here: another admin's change to others stays.
        changes: (remote?.merge(changes) ?? changes) as Partial<P>,
        files: filesOf(output),
        onProgress: setProgress,
      }),
    );
    if (kind.entity.modify.rejected.match(result)) return false;
    void navigate(listReturnPath(`/${kind.path}`));
    return true;
  };

  const save = async (output: Record<string, unknown>) => {
    setSaving(true);
    try {
      const values = output as BasicOutput;
      return person ? await modify(person, values) : await create(values);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const Extras = kind.Extras;
  return (
    <Form
      form={form}
      submitting={saving}
      onSubmit={(output) => save(output)}
      aria-label={intl.formatMessage({ id: 'People.basicProfile' })}
    >
      {pending && (
        <FollowUpFailures failures={pending.failures} retrying={saving} disabled={!form.valid} />
      )}
      <div className="columns is-multiline">
        <div className="column is-half">
          <ContactFields form={form} idOf={idOf} emailFixed={Boolean(person || pending)} />
        </div>
        <div className="column is-half">
          <AddressFields form={form} idOf={idOf} />
        </div>
        <div className="column is-full">
          <Extras form={form} idOf={idOf} person={person} progressOf={progressOf} />
        </div>
        <div className="column is-half">
          {person?.logoUrl && (
            <figure className="image is-128x128 mb-2">
              <img
                src={person.logoUrl}
                alt={intl.formatMessage({ id: 'People.photoOf' }, { name: person.name })}
              />
            </figure>
          )}
          <FileField
            id={idOf('photo')}
            label={<FormattedMessage id="People.photo" />}
            accept="image/*"
            file={photo.value}
            onChange={photo.onChange}
            progress={progressOf('photo')}
            error={photo.error}
          />
        </div>
      </div>
      <div className="buttons">
        <SubmitButton enabled={form.valid && pending === null} loading={saving} />
      </div>
    </Form>
  );
}
