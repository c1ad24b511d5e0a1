/**
 * The Basic Profile tab of the student and tutor forms (spec sections 2, 3, 5 and 9), made of
 * field groups (contact, address, photo, and the kind's extras from its PersonKind) on the one
 * form system (shared/forms/useFormState).
 *
 * Create: httpsCreateUser, then record, photo (and CV) upload and sign-in link in parallel
 * (people/personApi createPerson); failed steps are listed with a Retry that reuses the account.
 * A created person continues on its edit page with the Profile Level tab open (issue 14).
 * Edit: the e-mail is fixed; a new photo replaces the old files (shared/upload replaceImage), a
 * new CV the old one, both with progress, before the record is updated through the slice's
 * `modify` thunk; then the list is shown. On failure the form keeps everything typed.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '@/app/hooks';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import type { StepFailure } from '@/shared/accounts';
import { toAppError } from '@/shared/errors';
import { FileField } from '@/shared/forms/FileField';
import { FollowUpFailures } from '@/shared/forms/FollowUpFailures';
import { Form } from '@/shared/forms/Form';
import { CREATED_STATE } from '@/shared/forms/useCreatedState';
import { useFormState } from '@/shared/forms/useFormState';
import { deleteStoredFile, replaceImage } from '@/shared/upload';
import { basicValues, type PersonBasicValues } from '../formValues';
import type { PersonKind } from '../kinds';
import { createPerson, photoPath, uploadCv } from '../personApi';
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
  const [progress, setProgress] = useState<{ photo: number | null; cv: number | null }>({
    photo: null,
    cv: null,
  });
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<{ uid: string; failures: StepFailure[] } | null>(null);
  const idOf = (field: keyof PersonBasicValues) => `${kind.idPrefix}-${field}`;
  const progressOf = (field: 'photo' | 'cv') => progress[field];
  const onProgress = (field: 'photo' | 'cv') => (percent: number) =>
    setProgress((p) => ({ ...p, [field]: percent }));
  const photo = form.bind('photo');

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

  const create = async (output: BasicOutput, retry?: { uid: string; failures: StepFailure[] }) => {
    const record = newRecord(output);
    const result = await createPerson<P>({
      path: kind.path,
      record,
      photo: output.photo,
      cv: output.cv ?? null,
      uid: retry?.uid,
      steps: retry?.failures.map((f) => f.step),
      onProgress: onProgress('photo'),
    });
    if (!result.failures.some((f) => f.step === 'record')) {
      const stored = { ...record, id: result.uid, logoUrl: result.logoUrl } as P;
      if ('cvUrl' in stored) Object.assign(stored, { cvUrl: result.cvUrl });
      dispatch(kind.stored(stored));
    }
    if (result.failures.length > 0) {
      setPending({ uid: result.uid, failures: result.failures });
      for (const f of result.failures) toast.error(intl.formatMessage({ id: f.error.messageId }));
      return false;
    }
    toast.success(intl.formatMessage({ id: `${kind.area}.created` }));
    // Replace: Back from the edit page leads to the list, not to an empty new form.
    void navigate(`/${kind.path}/${result.uid}`, { replace: true, state: CREATED_STATE });
    return true;
  };

  const modify = async (current: P, output: BasicOutput) => {
    const { email: _email, photo: newPhoto, cv: newCv, ...changes } = output;
    if (newPhoto) {
      changes.logoUrl = await replaceImage(
        { folder: kind.path, id: current.id },
        current.logoUrl,
        photoPath(kind.path, current.id, newPhoto),
        newPhoto,
        onProgress('photo'),
      );
    }
    if (newCv) {
      await deleteStoredFile((current as Partial<Tutor>).cvUrl, {
        folder: 'tutor-cvs',
        id: current.id,
      });
      changes.cvUrl = await uploadCv(current.id, newCv, onProgress('cv'));
    }
    // `changes` is the output of this kind's own schema: fields of P.
    await dispatch(kind.entity.modify({ id: current.id, changes: changes as Partial<P> })).unwrap();
    void navigate(`/${kind.path}`);
    return true;
  };

  const save = async (output: Record<string, unknown>, retry?: typeof pending) => {
    setSaving(true);
    try {
      if (retry) setPending(null);
      const values = output as BasicOutput;
      return person ? await modify(person, values) : await create(values, retry ?? undefined);
    } catch (error) {
      // Thunk rejections were toasted by the app; SDK errors (account, upload) are toasted here.
      if (!(error as { messageId?: string }).messageId) {
        toast.error(intl.formatMessage({ id: toAppError(error).messageId }));
      }
      return false;
    } finally {
      setSaving(false);
      setProgress({ photo: null, cv: null });
    }
  };

  const Extras = kind.Extras;
  return (
    <Form
      form={form}
      submitting={saving || pending !== null}
      onSubmit={(output) => save(output)}
      aria-label={intl.formatMessage({ id: 'People.basicProfile' })}
    >
      {pending && (
        <FollowUpFailures
          failures={pending.failures}
          onRetry={() => void save(form.methods.getValues() as never, pending)}
          retrying={saving}
        />
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
        <button
          type="submit"
          className={`button is-primary${saving ? ' is-loading' : ''}`}
          disabled={!form.valid || saving || pending !== null}
        >
          <FormattedMessage id="Common.save" />
        </button>
      </div>
    </Form>
  );
}
