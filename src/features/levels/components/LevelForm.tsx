import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { errorProps, fieldErrors } from '@/shared/forms/fieldErrors';
import { FormField } from '@/shared/forms/FormField';
import { ACCESS_BY_VALUES, type LevelFields } from '../types';
import {
  LEVEL_FIELD_NAMES,
  levelSchema,
  type LevelFormValues,
  type LevelInput,
} from '../validation';

type TextField = 'name' | 'accessBy' | 'description' | 'order';

/**
 * The browsing level form: name, accessBy, description, order and the eight field-visibility
 * switches (spec sections 3 and 5). Submit is enabled only when name, accessBy and description
 * are given; errors show once a field was touched. A failed save keeps the values.
 */
export function LevelForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: LevelFormValues;
  submitting: boolean;
  onSubmit: (input: LevelInput) => void;
}) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const result = levelSchema.safeParse(values);
  const errors = fieldErrors(result.error);
  const errorOf = (field: TextField) =>
    touched.has(field) && errors[field] ? intl.formatMessage({ id: errors[field] }) : null;
  const set = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
  };
  const blur = (field: TextField) => () => setTouched((t) => new Set(t).add(field));
  const toggle = (field: keyof LevelFields, on: boolean) =>
    setValues((v) => ({ ...v, fields: { ...v.fields, [field]: on } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result.success && !submitting) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        id="level-name"
        label={<FormattedMessage id="Levels.name" />}
        error={errorOf('name')}
      >
        <input
          id="level-name"
          className={`input${errorOf('name') ? ' is-danger' : ''}`}
          value={values.name}
          required
          onChange={(e) => set('name', e.target.value)}
          onBlur={blur('name')}
          {...errorProps('level-name', errorOf('name'))}
        />
      </FormField>
      <FormField
        id="level-access-by"
        label={<FormattedMessage id="Levels.accessBy" />}
        error={errorOf('accessBy')}
      >
        <div className={`select is-fullwidth${errorOf('accessBy') ? ' is-danger' : ''}`}>
          <select
            id="level-access-by"
            value={values.accessBy}
            required
            onChange={(e) => set('accessBy', e.target.value)}
            onBlur={blur('accessBy')}
            {...errorProps('level-access-by', errorOf('accessBy'))}
          >
            <option value="">{intl.formatMessage({ id: 'Levels.selectAccessBy' })}</option>
            {ACCESS_BY_VALUES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `Levels.accessBy.${value}` })}
              </option>
            ))}
          </select>
        </div>
      </FormField>
      <FormField
        id="level-description"
        label={<FormattedMessage id="Levels.description" />}
        error={errorOf('description')}
      >
        <textarea
          id="level-description"
          className={`textarea${errorOf('description') ? ' is-danger' : ''}`}
          rows={3}
          value={values.description}
          required
          onChange={(e) => set('description', e.target.value)}
          onBlur={blur('description')}
          {...errorProps('level-description', errorOf('description'))}
        />
      </FormField>
      <FormField
        id="level-order"
        label={<FormattedMessage id="Levels.order" />}
        error={errorOf('order')}
      >
        <input
          id="level-order"
          className={`input${errorOf('order') ? ' is-danger' : ''}`}
          type="number"
          min={0}
          step={1}
          value={values.order}
          onChange={(e) => set('order', e.target.value)}
          onBlur={blur('order')}
          {...errorProps('level-order', errorOf('order'))}
        />
      </FormField>
      <fieldset className="box">
        <legend className="label">
          <FormattedMessage id="Levels.visibleFields" />
        </legend>
        <div className="columns is-multiline">
          {LEVEL_FIELD_NAMES.map((field) => (
            <div key={field} className="column is-half-tablet is-one-quarter-desktop">
              <label className="checkbox" htmlFor={`level-field-${field}`}>
                <input
                  id={`level-field-${field}`}
                  type="checkbox"
                  role="switch"
                  className="mr-2"
                  checked={values.fields[field]}
                  onChange={(e) => toggle(field, e.target.checked)}
                />
                <FormattedMessage id={`Levels.field.${field}`} />
              </label>
            </div>
          ))}
        </div>
      </fieldset>
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
          <Link className="button is-light" to="/browsing-levels">
            <FormattedMessage id="Common.goBack" />
          </Link>
        </div>
      </div>
    </form>
  );
}
