/**
 * The Profile Level tab of the student and tutor forms (spec section 3, profileLevel; 5 and 9):
 * school level, school, subjects (student: proficiency per subject, a new one defaults to 'avg';
 * tutor: levelStart..levelEnd per subject), fee, preferred time (required), start date, group
 * tuition, additional request (a tutor's brief introduction) and browsing level. Saved through
 * the slice's `modify` thunk; the list is shown after success.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { students } from '@/features/students/studentsSlice';
import type { Proficiency, Student, StudentProfileLevel } from '@/features/students/types';
import { tutors } from '@/features/tutors/tutorsSlice';
import type { Tutor, TutorProfileLevel, TutorSubjectRange } from '@/features/tutors/types';
import { PREFERRED_TIMES } from '@/shared/domain/person';
import { errorProps } from '@/shared/forms/fieldErrors';
import type { PersonPath } from '../personApi';
import { useReferenceData } from '../useReferenceData';
import { fieldErrors, studentProfileLevelSchema, tutorProfileLevelSchema } from '../validation';
import { DateField } from './DateField';
import { Field } from './Field';

export interface ProfileLevelFormProps {
  path: PersonPath;
  person: Student | Tutor;
}

interface Values {
  levelId: string | null;
  schoolId: string | null;
  fee: string;
  preferredTime: string;
  startDate: string | null;
  groupTuition: 0 | 1;
  additionalRequest: string;
  browsingLevelId: string | null;
  subjects: Record<string, Proficiency | TutorSubjectRange>;
}

const PROFICIENCIES: Proficiency[] = ['below', 'avg', 'above'];

function initialValues(person: Student | Tutor): Values {
  const p = person.profileLevel as StudentProfileLevel | TutorProfileLevel | undefined;
  return {
    levelId: p?.levelId ?? null,
    schoolId: p?.schoolId ?? null,
    fee: p?.fee != null ? String(p.fee) : '',
    preferredTime: p?.preferredTime ?? '',
    startDate: p?.startDate ?? null,
    groupTuition: p?.groupTuition ?? 0,
    additionalRequest: p?.additionalRequest ?? '',
    browsingLevelId: p?.browsingLevelId ?? null,
    subjects: { ...(p?.subjects ?? {}) },
  };
}

/** The Profile Level form; see the module comment. */
export function ProfileLevelForm({ path, person }: ProfileLevelFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const ref = useReferenceData();
  const isTutor = path === 'tutors';
  const prefix = `${isTutor ? 'tutor' : 'student'}-pl`;
  const [values, setValues] = useState<Values>(() => initialValues(person));
  const [saving, setSaving] = useState(false);
  // Set by the first change (or a submit): Save is disabled while the form is invalid, so
  // waiting for a submit left the admin with a grey button and no message (issue 14).
  const [touched, setTouched] = useState(false);

  const order = useMemo(
    () => new Map(ref.allFieldLevels.map((l) => [l.id, l.order])),
    [ref.allFieldLevels],
  );
  const schema = useMemo(
    () => (isTutor ? tutorProfileLevelSchema((id) => order.get(id)) : studentProfileLevelSchema),
    [isTutor, order],
  );
  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => fieldErrors(parsed.error), [parsed]);
  const shown = (key: string) => (touched ? errors[key] : undefined);
  const update = (change: (v: Values) => Values) => {
    setTouched(true);
    setValues(change);
  };
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    update((v) => ({ ...v, [key]: value }));
  const id = (key: string) => `${prefix}-${key}`;

  const toggleSubject = (subjectId: string, checked: boolean) => {
    setTouched(true);
    setValues((v) => {
      const subjects = { ...v.subjects };
      if (!checked) delete subjects[subjectId];
      else if (isTutor) {
        const first = ref.fieldLevels[0]?.id ?? '';
        const last = ref.fieldLevels[ref.fieldLevels.length - 1]?.id ?? '';
        subjects[subjectId] = { levelStart: first, levelEnd: last };
      } else subjects[subjectId] = 'avg';
      return { ...v, subjects };
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || saving) return;
    setSaving(true);
    try {
      if (isTutor) {
        await dispatch(
          tutors.modify({
            id: person.id,
            changes: { profileLevel: parsed.data as TutorProfileLevel },
          }),
        ).unwrap();
      } else {
        await dispatch(
          students.modify({
            id: person.id,
            changes: { profileLevel: parsed.data as StudentProfileLevel },
          }),
        ).unwrap();
      }
      navigate(`/${path}`);
    } catch {
      // Toasted by the app's notifications; the form keeps its values.
    } finally {
      setSaving(false);
    }
  };

  const select = (
    key: 'levelId' | 'schoolId' | 'browsingLevelId',
    label: string,
    options: Array<{ id: string; name: string }>,
  ) => (
    <Field id={id(key)} label={label}>
      <div className="select is-fullwidth">
        <select
          id={id(key)}
          value={values[key] ?? ''}
          onChange={(e) => set(key, e.target.value || null)}
        >
          <option value="">{intl.formatMessage({ id: 'People.none' })}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );

  const levelSelect = (
    subjectId: string,
    end: 'levelStart' | 'levelEnd',
    range: TutorSubjectRange,
  ) => {
    const subjectName = ref.subjects.find((s) => s.id === subjectId)?.name ?? subjectId;
    return (
      <div className="select is-small">
        <select
          aria-label={intl.formatMessage({ id: `Tutors.${end}Of` }, { subject: subjectName })}
          value={range[end]}
          onChange={(e) =>
            update((v) => ({
              ...v,
              subjects: { ...v.subjects, [subjectId]: { ...range, [end]: e.target.value } },
            }))
          }
        >
          {ref.fieldLevels.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'People.profileLevel' })}
    >
      <div className="columns is-multiline">
        <div className="column is-half">
          {select('levelId', 'People.schoolLevel', ref.fieldLevels)}
          {select('schoolId', 'People.school', ref.schools)}
          {select('browsingLevelId', 'People.browsingLevel', ref.browsingLevels)}
          <Field
            id={id('fee')}
            label={isTutor ? 'Tutors.fee' : 'Students.fee'}
            error={shown('fee')}
          >
            <input
              id={id('fee')}
              className="input"
              inputMode="decimal"
              value={values.fee}
              onChange={(e) => set('fee', e.target.value)}
              {...errorProps(id('fee'), shown('fee'))}
            />
          </Field>
          <Field
            id={id('preferredTime')}
            label="People.preferredTime"
            error={shown('preferredTime')}
          >
            <div className="select is-fullwidth">
              <select
                id={id('preferredTime')}
                value={values.preferredTime}
                required
                onChange={(e) => set('preferredTime', e.target.value)}
                {...errorProps(id('preferredTime'), shown('preferredTime'))}
              >
                <option value="">{intl.formatMessage({ id: 'People.choose' })}</option>
                {PREFERRED_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {intl.formatMessage({ id: `People.time.${t}` })}
                  </option>
                ))}
              </select>
            </div>
          </Field>
          <DateField
            id={id('startDate')}
            label="People.startDate"
            value={values.startDate}
            onChange={(v) => set('startDate', v)}
            error={shown('startDate')}
          />
          <Field id={id('groupTuition')} label="People.groupTuition">
            <div className="select is-fullwidth">
              <select
                id={id('groupTuition')}
                value={values.groupTuition}
                onChange={(e) => set('groupTuition', Number(e.target.value) as 0 | 1)}
              >
                <option value={0}>{intl.formatMessage({ id: 'Common.no' })}</option>
                <option value={1}>{intl.formatMessage({ id: 'Common.yes' })}</option>
              </select>
            </div>
          </Field>
          <Field
            id={id('additionalRequest')}
            label={isTutor ? 'Tutors.introduction' : 'Students.additionalRequest'}
          >
            <textarea
              id={id('additionalRequest')}
              className="textarea"
              value={values.additionalRequest}
              onChange={(e) => set('additionalRequest', e.target.value)}
            />
          </Field>
        </div>
        <div className="column is-half">
          <fieldset>
            <legend className="label">
              <FormattedMessage id="People.subjects" />
            </legend>
            {ref.subjects.length === 0 && (
              <p className="has-text-grey">
                <FormattedMessage id="People.noSubjects" />
              </p>
            )}
            {ref.subjects.map((subject) => {
              const value = values.subjects[subject.id];
              const checked = value !== undefined;
              return (
                <div key={subject.id} className="field is-grouped is-align-items-center">
                  <label className="checkbox mr-3" style={{ minWidth: '10rem' }}>
                    <input
                      type="checkbox"
                      className="mr-2"
                      checked={checked}
                      onChange={(e) => toggleSubject(subject.id, e.target.checked)}
                    />
                    {subject.name}
                  </label>
                  {checked && !isTutor && (
                    <div className="select is-small">
                      <select
                        aria-label={intl.formatMessage(
                          { id: 'Students.proficiencyOf' },
                          { subject: subject.name },
                        )}
                        value={value as Proficiency}
                        onChange={(e) =>
                          update((v) => ({
                            ...v,
                            subjects: {
                              ...v.subjects,
                              [subject.id]: e.target.value as Proficiency,
                            },
                          }))
                        }
                      >
                        {PROFICIENCIES.map((p) => (
                          <option key={p} value={p}>
                            {intl.formatMessage({ id: `Students.proficiency.${p}` })}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  {checked && isTutor && (
                    <>
                      {levelSelect(subject.id, 'levelStart', value as TutorSubjectRange)}
                      <span className="mx-2">–</span>
                      {levelSelect(subject.id, 'levelEnd', value as TutorSubjectRange)}
                    </>
                  )}
                  {touched && errors[`subjects.${subject.id}`] && (
                    <p className="help is-danger ml-2" role="alert">
                      <FormattedMessage id={errors[`subjects.${subject.id}`]} />
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        </div>
      </div>
      <button
        type="submit"
        className={`button is-primary${saving ? ' is-loading' : ''}`}
        disabled={saving || !parsed.success}
      >
        <FormattedMessage id="Common.save" />
      </button>
    </form>
  );
}
