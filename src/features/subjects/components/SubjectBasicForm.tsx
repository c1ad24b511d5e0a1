import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { CountrySelect } from '@/features/countries/components/CountrySelect';
import { selectFieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { errorProps, fieldErrors } from '@/shared/forms/fieldErrors';
import { FormField } from '@/shared/forms/FormField';
import { subjectBasicSchema, type SubjectBasicInput, type SubjectBasicValues } from '../validation';

type Field = keyof SubjectBasicValues;

/**
 * The subject's Basic Info tab: name, country, level range (field levels of that country,
 * sorted by order), order and obsolete (spec sections 3 and 5). Submit is enabled only when
 * name and country are given. A failed save keeps the values.
 */
export function SubjectBasicForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: SubjectBasicValues;
  submitting: boolean;
  onSubmit: (input: SubjectBasicInput) => void;
}) {
  const intl = useIntl();
  const allLevels = useAppSelector(selectFieldLevels);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const result = subjectBasicSchema.safeParse(values);
  const errors = fieldErrors(result.error);
  const errorOf = (field: Field) =>
    touched.has(field) && errors[field] ? intl.formatMessage({ id: errors[field] }) : null;
  const set = <K extends Field>(field: K, value: SubjectBasicValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
  };
  const blur = (field: Field) => () => setTouched((t) => new Set(t).add(field));

  // Levels of the chosen country that are in use, plus the ones already chosen.
  const levelOptions = useMemo(
    () =>
      allLevels.filter(
        (l) =>
          (l.countryId === values.countryId && !l.isObsolete) ||
          l.id === values.levelStart ||
          l.id === values.levelEnd,
      ),
    [allLevels, values.countryId, values.levelStart, values.levelEnd],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result.success && !submitting) onSubmit(result.data);
  };

  const levelSelect = (field: 'levelStart' | 'levelEnd', id: string) => (
    <FormField id={id} label={<FormattedMessage id={`Subjects.${field}`} />}>
      <div className="select is-fullwidth">
        <select id={id} value={values[field]} onChange={(e) => set(field, e.target.value)}>
          <option value="">{intl.formatMessage({ id: 'Subjects.noLevel' })}</option>
          {levelOptions.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        id="subject-name"
        label={<FormattedMessage id="Subjects.name" />}
        error={errorOf('name')}
      >
        <input
          id="subject-name"
          className={`input${errorOf('name') ? ' is-danger' : ''}`}
          value={values.name}
          required
          onChange={(e) => set('name', e.target.value)}
          onBlur={blur('name')}
          {...errorProps('subject-name', errorOf('name'))}
        />
      </FormField>
      <FormField
        id="subject-country"
        label={<FormattedMessage id="Subjects.country" />}
        error={errorOf('countryId')}
      >
        <CountrySelect
          id="subject-country"
          value={values.countryId}
          allowEmpty
          required
          onChange={(code) => set('countryId', code)}
          onBlur={blur('countryId')}
          invalid={Boolean(errorOf('countryId'))}
          describedBy={errorOf('countryId') ? 'subject-country-error' : undefined}
        />
      </FormField>
      <div className="columns">
        <div className="column">{levelSelect('levelStart', 'subject-level-start')}</div>
        <div className="column">{levelSelect('levelEnd', 'subject-level-end')}</div>
      </div>
      <FormField
        id="subject-order"
        label={<FormattedMessage id="Subjects.order" />}
        error={errorOf('order')}
      >
        <input
          id="subject-order"
          className={`input${errorOf('order') ? ' is-danger' : ''}`}
          type="number"
          min={0}
          step={1}
          value={values.order}
          onChange={(e) => set('order', e.target.value)}
          onBlur={blur('order')}
          {...errorProps('subject-order', errorOf('order'))}
        />
      </FormField>
      <div className="field">
        <label className="checkbox" htmlFor="subject-obsolete">
          <input
            id="subject-obsolete"
            type="checkbox"
            role="switch"
            className="mr-2"
            checked={values.isObsolete}
            onChange={(e) => set('isObsolete', e.target.checked)}
          />
          <FormattedMessage id="Subjects.isObsolete" />
        </label>
      </div>
      <div className="field is-grouped mt-5">
        <div className="control">
          <button
            type="submit"
            className={`button is-primary${submitting ? ' is-loading' : ''}`}
            disabled={!result.success || submitting}
          >
            <FormattedMessage id="Common.save" />
          </button>
        </div>
        <div className="control">
          <Link className="button is-light" to="/subjects">
            <FormattedMessage id="Common.goBack" />
          </Link>
        </div>
      </div>
    </form>
  );
}
