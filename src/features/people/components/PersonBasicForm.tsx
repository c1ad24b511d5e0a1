/**
 * The Basic Profile tab of the student and tutor forms (spec sections 2, 3, 5 and 9).
 *
 * Create: httpsCreateUser, then record, photo (and CV) upload and sign-in link in parallel
 * (people/personApi createPerson); failed steps are listed with a Retry that reuses the account.
 * Edit: the e-mail is fixed; a new photo or CV is uploaded (with progress) before the record is
 * updated through the slice's `modify` thunk. On success the list is shown; on failure the form
 * keeps everything typed.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '@/app/hooks';
import { CountrySelect } from '@/features/countries/components/CountrySelect';
import { students, studentStored } from '@/features/students/studentsSlice';
import type { Student } from '@/features/students/types';
import { tutors, tutorStored } from '@/features/tutors/tutorsSlice';
import type { Tutor } from '@/features/tutors/types';
import type { StepFailure } from '@/shared/accounts';
import { toAppError } from '@/shared/errors';
import { FollowUpFailures } from '@/shared/forms/FollowUpFailures';
import { errorProps } from '@/shared/forms/fieldErrors';
import { basicValues, pickBasic, type PersonBasicValues } from '../formValues';
import { createPerson, photoPath, uploadCv, type PersonPath } from '../personApi';
import { deleteStoredFile, replaceImage } from '@/shared/upload';
import { fieldErrors, studentBasicSchema, tutorBasicSchema } from '../validation';
import { DateField } from './DateField';
import { Field } from './Field';
import { CV_ACCEPT, isCvFile, isImage } from '../files';
import { FileField } from './FileField';
import { TagsField } from './TagsField';

export interface PersonBasicFormProps {
  path: PersonPath;
  /** The stored person when editing; undefined when creating. */
  person?: Student | Tutor;
}

type Key = keyof PersonBasicValues;

/** The Basic Profile form; see the module comment. */
export function PersonBasicForm({ path, person }: PersonBasicFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isTutor = path === 'tutors';
  const prefix = isTutor ? 'tutor' : 'student';
  const area = isTutor ? 'Tutors' : 'Students';
  const [values, setValues] = useState<PersonBasicValues>(() => basicValues(person));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [photo, setPhoto] = useState<File | null>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [photoProgress, setPhotoProgress] = useState<number | null>(null);
  const [cvProgress, setCvProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<{ uid: string; failures: StepFailure[] } | null>(null);

  const schema = isTutor ? tutorBasicSchema : studentBasicSchema;
  const parsed = useMemo(() => schema.safeParse(pickBasic(path, values)), [schema, path, values]);
  const errors = useMemo(() => fieldErrors(parsed.error), [parsed]);
  const photoError = photo && !isImage(photo) ? 'People.imageOnly' : undefined;
  const cvError = cv && !isCvFile(cv) ? 'Tutors.cvType' : undefined;
  const canSubmit = parsed.success && !photoError && !cvError && !saving && !pending;

  const set = <K extends Key>(key: K, value: PersonBasicValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const shown = (key: string) => (touched.has(key) ? errors[key] : undefined);
  const id = (key: string) => `${prefix}-${key}`;

  const text = (key: Key, label: string, type = 'text', disabled = false) => (
    <Field id={id(key)} label={label} error={shown(key)}>
      <input
        id={id(key)}
        className="input"
        type={type}
        value={values[key] as string}
        disabled={disabled}
        onChange={(e) => set(key, e.target.value as never)}
        onBlur={() => touch(key)}
        {...errorProps(id(key), shown(key))}
      />
    </Field>
  );
  const yesNo = (key: 'isParent' | 'isMoe' | 'tutorTechInHome', label: string) => (
    <Field id={id(key)} label={label}>
      <div className="select is-fullwidth">
        <select
          id={id(key)}
          value={values[key]}
          onChange={(e) => set(key, Number(e.target.value) as 0 | 1)}
        >
          <option value={0}>{intl.formatMessage({ id: 'Common.no' })}</option>
          <option value={1}>{intl.formatMessage({ id: 'Common.yes' })}</option>
        </select>
      </div>
    </Field>
  );
  const gender = (key: 'gender' | 'studentGender', label: string) => (
    <Field id={id(key)} label={label}>
      <div className="select is-fullwidth">
        <select
          id={id(key)}
          value={values[key]}
          onChange={(e) => set(key, e.target.value as 'male' | 'female')}
        >
          <option value="male">{intl.formatMessage({ id: 'People.male' })}</option>
          <option value="female">{intl.formatMessage({ id: 'People.female' })}</option>
        </select>
      </div>
    </Field>
  );

  const showFailures = (failures: StepFailure[]) => {
    for (const f of failures) toast.error(intl.formatMessage({ id: f.error.messageId }));
  };

  const storeRecord = (uid: string, logoUrl: string | null, cvUrl: string | null) => {
    if (!parsed.success) return;
    const record = newRecord(uid, logoUrl, cvUrl);
    if (isTutor) dispatch(tutorStored(record as Tutor));
    else dispatch(studentStored(record as Student));
  };

  const newRecord = (uid: string, logoUrl: string | null, cvUrl: string | null) => {
    const data = parsed.data!;
    return {
      ...data,
      id: uid,
      userType: isTutor ? 'tutor' : 'student',
      logoUrl,
      createdAt: Date.now(),
      isTested: false,
      testResult: null,
      ...(isTutor ? { cvUrl } : {}),
    };
  };

  const finishCreate = (failures: StepFailure[], uid: string) => {
    if (failures.length === 0) {
      toast.success(intl.formatMessage({ id: `${area}.created` }));
      navigate(`/${path}`);
    } else {
      setPending({ uid, failures });
      showFailures(failures);
    }
  };

  const create = async (retry?: { uid: string; failures: StepFailure[] }) => {
    if (!parsed.success) return;
    const { id: _id, ...record } = newRecord('', null, null);
    const result = await createPerson<Student | Tutor>({
      path,
      record: record as Omit<Student | Tutor, 'id'>,
      photo,
      cv: isTutor ? cv : null,
      uid: retry?.uid,
      steps: retry?.failures.map((f) => f.step),
      onProgress: photo ? setPhotoProgress : undefined,
    });
    const recordFailed = result.failures.some((f) => f.step === 'record');
    if (!recordFailed) storeRecord(result.uid, result.logoUrl, result.cvUrl);
    finishCreate(result.failures, result.uid);
  };

  const modify = async (current: Student | Tutor) => {
    if (!parsed.success) return;
    const { email: _email, ...changes } = parsed.data as Record<string, unknown>;
    if (photo) {
      changes.logoUrl = await replaceImage(
        { folder: path, id: current.id },
        current.logoUrl,
        photoPath(path, current.id, photo),
        photo,
        setPhotoProgress,
      );
    }
    if (cv && isTutor) {
      await deleteStoredFile((current as Tutor).cvUrl, { folder: 'tutor-cvs', id: current.id });
      changes.cvUrl = await uploadCv(current.id, cv, setCvProgress);
    }
    if (isTutor) {
      await dispatch(
        tutors.modify({ id: current.id, changes: changes as Partial<Tutor> }),
      ).unwrap();
    } else {
      await dispatch(
        students.modify({ id: current.id, changes: changes as Partial<Student> }),
      ).unwrap();
    }
    navigate(`/${path}`);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSaving(true);
    try {
      if (person) await modify(person);
      else await create();
    } catch (error) {
      // Thunk rejections were toasted by the app; SDK errors (account, upload) are toasted here.
      if (!(error as { messageId?: string }).messageId) {
        toast.error(intl.formatMessage({ id: toAppError(error).messageId }));
      }
    } finally {
      setSaving(false);
      setPhotoProgress(null);
      setCvProgress(null);
    }
  };

  const retry = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      const failures = pending.failures;
      setPending(null);
      await create({ uid: pending.uid, failures });
    } catch (error) {
      toast.error(intl.formatMessage({ id: toAppError(error).messageId }));
    } finally {
      setSaving(false);
      setPhotoProgress(null);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'People.basicProfile' })}
    >
      {pending && (
        <FollowUpFailures failures={pending.failures} onRetry={retry} retrying={saving} />
      )}
      <div className="columns is-multiline">
        <div className="column is-half">
          {text('email', 'People.email', 'email', !!person || !!pending)}
          {text('name', 'People.name')}
          {text('mobile', 'People.mobile', 'tel')}
          {gender('gender', 'People.gender')}
          <DateField
            id={id('dob')}
            label="People.dob"
            value={values.dob}
            onChange={(v) => set('dob', v)}
            error={shown('dob')}
            onBlur={() => touch('dob')}
          />
          <Field id={id('countryId')} label="People.country" error={shown('countryId')}>
            <CountrySelect
              id={id('countryId')}
              value={values.countryId}
              onChange={(code) => set('countryId', code)}
              onBlur={() => touch('countryId')}
              invalid={Boolean(shown('countryId'))}
              describedBy={shown('countryId') ? `${id('countryId')}-error` : undefined}
            />
          </Field>
          {isTutor && (
            <div className="field">
              <label className="checkbox" htmlFor={id('status')}>
                <input
                  id={id('status')}
                  type="checkbox"
                  role="switch"
                  className="mr-2"
                  checked={values.status}
                  onChange={(e) => set('status', e.target.checked)}
                />
                <FormattedMessage id="Tutors.status" />
              </label>
            </div>
          )}
        </div>
        <div className="column is-half">
          {text('houseNumber', 'People.houseNumber')}
          {text('buildingName', 'People.buildingName')}
          {text('street1', 'People.street1')}
          {text('street2', 'People.street2')}
          {text('postcode', 'People.postcode')}
          <TagsField
            id={id('info1')}
            label="People.info1"
            value={values.info1}
            onChange={(v) => set('info1', v)}
          />
          <TagsField
            id={id('info2')}
            label="People.info2"
            value={values.info2}
            onChange={(v) => set('info2', v)}
          />
          <TagsField
            id={id('info3')}
            label="People.info3"
            value={values.info3}
            onChange={(v) => set('info3', v)}
          />
        </div>
        {!isTutor && (
          <div className="column is-full">
            <h2 className="title is-6">
              <FormattedMessage id="Students.extras" />
            </h2>
            <div className="columns is-multiline">
              <div className="column is-half">
                {yesNo('isParent', 'Students.isParent')}
                {text('studentName', 'Students.studentName')}
                {text('studentMobile', 'Students.studentMobile', 'tel')}
              </div>
              <div className="column is-half">
                {text('studentEmail', 'Students.studentEmail', 'email')}
                <DateField
                  id={id('studentDob')}
                  label="Students.studentDob"
                  value={values.studentDob}
                  onChange={(v) => set('studentDob', v)}
                  error={shown('studentDob')}
                  onBlur={() => touch('studentDob')}
                />
                {gender('studentGender', 'Students.studentGender')}
              </div>
            </div>
          </div>
        )}
        {isTutor && (
          <div className="column is-full">
            <h2 className="title is-6">
              <FormattedMessage id="Tutors.extras" />
            </h2>
            <div className="columns is-multiline">
              <div className="column is-half">
                {text('teachingSince', 'Tutors.teachingSince', 'text')}
                {yesNo('isMoe', 'Tutors.isMoe')}
                {text('tutorMinDuration', 'Tutors.minDuration', 'text')}
              </div>
              <div className="column is-half">
                {yesNo('tutorTechInHome', 'Tutors.techInHome')}
                {text('tutorVideoUrl', 'Tutors.videoUrl', 'url')}
                <FileField
                  id={id('cv')}
                  label="Tutors.cv"
                  accept={CV_ACCEPT}
                  file={cv}
                  onChange={setCv}
                  progress={cvProgress}
                  error={cvError}
                />
                {(person as Tutor | undefined)?.cvUrl && (
                  <a href={(person as Tutor).cvUrl!} target="_blank" rel="noreferrer">
                    <FormattedMessage id="Tutors.viewCv" />
                  </a>
                )}
              </div>
            </div>
          </div>
        )}
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
            id={id('photo')}
            label="People.photo"
            accept="image/*"
            file={photo}
            onChange={setPhoto}
            progress={photoProgress}
            error={photoError}
          />
        </div>
      </div>
      <div className="buttons">
        <button
          type="submit"
          className={`button is-primary${saving ? ' is-loading' : ''}`}
          disabled={!canSubmit}
        >
          <FormattedMessage id="Common.save" />
        </button>
      </div>
    </form>
  );
}
