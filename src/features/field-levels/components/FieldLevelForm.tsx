import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CountrySelect } from '@/features/countries/components/CountrySelect';
import { errorProps, fieldErrors } from '@/shared/forms/fieldErrors';
import { FormField } from '@/shared/forms/FormField';
import { fieldLevelSchema, type FieldLevelFormValues, type FieldLevelInput } from '../validation';

/**
 * The field level form: name, country, order, obsolete (spec sections 3 and 5). Submit is
 * enabled only when the schema holds; errors show once a field was touched. The values stay
 * here, so a failed save keeps them.
 */
export function FieldLevelForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: FieldLevelFormValues;
  submitting: boolean;
  onSubmit: (input: FieldLevelInput) => void;
}) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const result = fieldLevelSchema.safeParse(values);
  const errors = fieldErrors(result.error);
  const errorOf = (field: keyof FieldLevelFormValues) =>
    touched.has(field) && errors[field] ? intl.formatMessage({ id: errors[field] }) : null;
  const set = <K extends keyof FieldLevelFormValues>(field: K, value: FieldLevelFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
  };
  const blur = (field: string) => () => setTouched((t) => new Set(t).add(field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result.success && !submitting) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        id="field-level-name"
        label={<FormattedMessage id="FieldLevels.name" />}
        error={errorOf('name')}
      >
        <input
          id="field-level-name"
          className={`input${errorOf('name') ? ' is-danger' : ''}`}
          value={values.name}
          required
          onChange={(e) => set('name', e.target.value)}
          onBlur={blur('name')}
          {...errorProps('field-level-name', errorOf('name'))}
        />
      </FormField>
      <FormField
        id="field-level-country"
        label={<FormattedMessage id="FieldLevels.country" />}
        error={errorOf('countryId')}
      >
        <CountrySelect
          id="field-level-country"
          value={values.countryId}
          allowEmpty
          required
          onChange={(code) => set('countryId', code)}
          onBlur={blur('countryId')}
          invalid={Boolean(errorOf('countryId'))}
          describedBy={errorOf('countryId') ? 'field-level-country-error' : undefined}
        />
      </FormField>
      <FormField
        id="field-level-order"
        label={<FormattedMessage id="FieldLevels.order" />}
        error={errorOf('order')}
      >
        <input
          id="field-level-order"
          className={`input${errorOf('order') ? ' is-danger' : ''}`}
          type="number"
          min={0}
          step={1}
          value={values.order}
          onChange={(e) => set('order', e.target.value)}
          onBlur={blur('order')}
          {...errorProps('field-level-order', errorOf('order'))}
        />
      </FormField>
      <div className="field">
        <label className="checkbox" htmlFor="field-level-obsolete">
          <input
            id="field-level-obsolete"
            type="checkbox"
            role="switch"
            className="mr-2"
            checked={values.isObsolete}
            onChange={(e) => set('isObsolete', e.target.checked)}
          />
          <FormattedMessage id="FieldLevels.isObsolete" />
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
          <Link className="button is-light" to="/field-levels">
            <FormattedMessage id="Common.goBack" />
          </Link>
        </div>
      </div>
    </form>
  );
}
