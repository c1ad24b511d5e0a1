/**
 * The Profile Level tab of the student and tutor forms (spec section 3, profileLevel; 5 and 9):
 * school level, school, subjects (the kind's value per checked subject: a student's proficiency,
 * 'avg' when newly checked; a tutor's levelStart..levelEnd, the whole range when newly checked),
 * fee, preferred time (required), start date, group tuition, additional request (a tutor's brief
 * introduction) and browsing level, on the one form system. Each rule's message shows once the
 * form was changed. Saved through the kind's `modify` thunk; the list is shown after success.
 */
import { referenceLabel, type ReferenceData, type ReferenceItem } from '@/shared/domain/reference';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import { PREFERRED_TIMES } from '@/shared/domain/person';
import { DateField } from '@/shared/forms/DateField';
import { Form } from '@/shared/forms/Form';
import { FormField } from '@/shared/forms/FormField';
import { InputField } from '@/shared/forms/InputField';
import { SelectField } from '@/shared/forms/SelectField';
import { SubmitButton } from '@/shared/forms/SubmitButton';
import { useFormState } from '@/shared/forms/useFormState';
import { useRemoteChangesContext } from '@/shared/forms/useRemoteChanges';
import { listReturnPath } from '@/shared/table/listState';
import { profileLevelValues, type ProfileLevelValues } from '../formValues';
import type { PersonKind } from '../kinds';
import { YesNoField } from './fields/ChoiceFields';

export interface ProfileLevelFormProps<P extends Student | Tutor> {
  kind: PersonKind<P>;
  person: P;
  /** The lists to choose from, given by the app. */
  reference: ReferenceData;
}

/** The Profile Level form; see the module comment. */
export function ProfileLevelForm<P extends Student | Tutor>({
  kind,
  person,
  reference: ref,
}: ProfileLevelFormProps<P>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { profileLevel } = kind;
  const order = useMemo(
    () => new Map(ref.allFieldLevels.map((l) => [l.id, l.order])),
    [ref.allFieldLevels],
  );
  const schema = useMemo(() => profileLevel.schema((id) => order.get(id)), [profileLevel, order]);
  const form = useFormState(schema, profileLevelValues(person), { showAllOnceChanged: true });
  const remote = useRemoteChangesContext();
  const [saving, setSaving] = useState(false);
  const idOf = (field: keyof ProfileLevelValues) => `${kind.idPrefix}-pl-${field}`;
  const subjects = form.values.subjects;
  const SubjectValue = profileLevel.SubjectValue;

  const setSubject = (subjectId: string, value: unknown) => {
    const next = { ...subjects };
    if (value === undefined) delete next[subjectId];
    else next[subjectId] = value as (typeof next)[string];
    form.set('subjects', next);
  };

  const deleted = intl.formatMessage({ id: 'References.deleted' });
  const reference = (
    field: 'levelId' | 'schoolId' | 'browsingLevelId',
    label: string,
    options: ReadonlyArray<{ id: string; name: string }>,
    every: readonly ReferenceItem[],
  ) => {
    const bound = form.bind(field);
    // The stored id may be of an obsolete record (no longer offered, still named) or of a deleted
    // one: it stays chosen and says so, rather than showing "None" as if nothing were stored.
    const stored = bound.value && !options.some((o) => o.id === bound.value) ? bound.value : null;
    return (
      <SelectField
        id={idOf(field)}
        label={<FormattedMessage id={label} />}
        value={bound.value ?? ''}
        onChange={(v) => bound.onChange(v || null)}
      >
        <option value="">{intl.formatMessage({ id: 'People.none' })}</option>
        {stored && <option value={stored}>{referenceLabel(every, stored, deleted)}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
    );
  };

  const save = async (output: object) => {
    setSaving(true);
    try {
      await dispatch(
        kind.entity.modify({
          id: person.id,
          // The profile level's entries changed here, merged over the stored ones.
          changes: (remote?.merge({ profileLevel: output }) ?? {
            profileLevel: output,
          }) as Partial<P>,
        }),
      ).unwrap();
      void navigate(listReturnPath(`/${kind.path}`));
      return true;
    } catch {
      // Toasted by the app's notifications; the form keeps its values.
      return false;
    } finally {
      setSaving(false);
    }
  };

  const subjectsError = form.errorOf('subjects');
  return (
    <Form
      form={form}
      submitting={saving}
      onSubmit={save}
      aria-label={intl.formatMessage({ id: 'People.profileLevel' })}
    >
      <div className="columns is-multiline">
        <div className="column is-half">
          {reference('levelId', 'People.schoolLevel', ref.fieldLevels, ref.allFieldLevels)}
          {reference('schoolId', 'People.school', ref.schools, ref.allSchools)}
          {reference(
            'browsingLevelId',
            'People.browsingLevel',
            ref.browsingLevels,
            ref.browsingLevels,
          )}
          <InputField
            id={idOf('fee')}
            label={<FormattedMessage id={`${kind.area}.fee`} />}
            inputMode="decimal"
            {...form.bind('fee')}
          />
          <SelectField
            id={idOf('preferredTime')}
            label={<FormattedMessage id="People.preferredTime" />}
            required
            {...form.bind('preferredTime')}
          >
            <option value="">{intl.formatMessage({ id: 'People.choose' })}</option>
            {PREFERRED_TIMES.map((t) => (
              <option key={t} value={t}>
                {intl.formatMessage({ id: `People.time.${t}` })}
              </option>
            ))}
          </SelectField>
          <DateField
            id={idOf('startDate')}
            label={<FormattedMessage id="People.startDate" />}
            {...form.bind('startDate')}
          />
          <YesNoField
            id={idOf('groupTuition')}
            label="People.groupTuition"
            {...form.bind('groupTuition')}
          />
          <FormField
            id={idOf('additionalRequest')}
            label={<FormattedMessage id={profileLevel.requestLabel} />}
          >
            <textarea
              id={idOf('additionalRequest')}
              className="textarea"
              value={form.values.additionalRequest}
              onChange={(e) => form.set('additionalRequest', e.target.value)}
            />
          </FormField>
        </div>
        <div className="column is-half">
          <fieldset aria-describedby={subjectsError ? `${idOf('subjects')}-error` : undefined}>
            <legend className="label">
              <FormattedMessage id="People.subjects" />
            </legend>
            {ref.subjects.length === 0 && (
              <p className="has-text-grey">
                <FormattedMessage id="People.noSubjects" />
              </p>
            )}
            {[
              ...ref.subjects,
              // Subjects the record holds that are no longer offered (obsolete or deleted): shown
              // checked under their name or as deleted, so they can be seen and unchecked.
              ...Object.keys(subjects)
                .filter((id) => !ref.subjects.some((s) => s.id === id))
                .map((id) => ({
                  id,
                  name: referenceLabel(ref.allSubjects, id, deleted),
                  order: Number.MAX_SAFE_INTEGER,
                })),
            ].map((subject) => {
              const value = subjects[subject.id];
              return (
                <div key={subject.id} className="field is-grouped is-align-items-center">
                  <label className="checkbox mr-3" style={{ minWidth: '10rem' }}>
                    <input
                      type="checkbox"
                      className="mr-2"
                      checked={value !== undefined}
                      onChange={(e) =>
                        setSubject(
                          subject.id,
                          e.target.checked ? profileLevel.newSubject(ref.fieldLevels) : undefined,
                        )
                      }
                    />
                    {subject.name}
                  </label>
                  {value !== undefined && (
                    <SubjectValue
                      subject={subject}
                      value={value as never}
                      onChange={(v) => setSubject(subject.id, v)}
                      fieldLevels={ref.fieldLevels}
                    />
                  )}
                </div>
              );
            })}
            {subjectsError && (
              <p className="help is-danger" role="alert" id={`${idOf('subjects')}-error`}>
                {subjectsError}
              </p>
            )}
          </fieldset>
        </div>
      </div>
      <SubmitButton enabled={form.valid} loading={saving} />
    </Form>
  );
}
