import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CountrySelect } from '@/features/countries/components/CountrySelect';
import { errorProps, fieldErrors } from '@/shared/forms/fieldErrors';
import { FormField } from '@/shared/forms/FormField';
import { schoolSchema, type SchoolFormValues, type SchoolInput } from '../validation';

/**
 * The school form: name, country, address, postcode, order, obsolete (spec sections 3 and 5). Submit is
 * enabled only when the schema holds; errors show once a field was touched. The values stay
 * here, so a failed save keeps them.
 */
export function SchoolForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: SchoolFormValues;
  submitting: boolean;
  onSubmit: (input: SchoolInput) => void;
}) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const result = schoolSchema.safeParse(values);
  const errors = fieldErrors(result.error);
  const errorOf = (field: keyof SchoolFormValues) =>
    touched.has(field) && errors[field] ? intl.formatMessage({ id: errors[field] }) : null;
  const set = <K extends keyof SchoolFormValues>(field: K, value: SchoolFormValues[K]) => {
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
        id="school-name"
        label={<FormattedMessage id="Schools.name" />}
        error={errorOf('name')}
      >
        <input
          id="school-name"
          className={`input${errorOf('name') ? ' is-danger' : ''}`}
          value={values.name}
          required
          onChange={(e) => set('name', e.target.value)}
          onBlur={blur('name')}
          {...errorProps('school-name', errorOf('name'))}
        />
      </FormField>
      <FormField
        id="school-country"
        label={<FormattedMessage id="Schools.country" />}
        error={errorOf('countryId')}
      >
        <CountrySelect
          id="school-country"
          value={values.countryId}
          allowEmpty
          required
          onChange={(code) => set('countryId', code)}
          onBlur={blur('countryId')}
          invalid={Boolean(errorOf('countryId'))}
          describedBy={errorOf('countryId') ? 'school-country-error' : undefined}
        />
      </FormField>
      <FormField id="school-address1" label={<FormattedMessage id="Schools.address1" />}>
        <input
          id="school-address1"
          className="input"
          autoComplete="address-line1"
          value={values.address1}
          onChange={(e) => set('address1', e.target.value)}
        />
      </FormField>
      <FormField id="school-address2" label={<FormattedMessage id="Schools.address2" />}>
        <input
          id="school-address2"
          className="input"
          autoComplete="address-line2"
          value={values.address2}
          onChange={(e) => set('address2', e.target.value)}
        />
      </FormField>
      <FormField id="school-postcode" label={<FormattedMessage id="Schools.postcode" />}>
        <input
          id="school-postcode"
          className="input"
          autoComplete="postal-code"
          value={values.postcode}
          onChange={(e) => set('postcode', e.target.value)}
        />
      </FormField>
      <FormField
        id="school-order"
        label={<FormattedMessage id="Schools.order" />}
        error={errorOf('order')}
      >
        <input
          id="school-order"
          className={`input${errorOf('order') ? ' is-danger' : ''}`}
          type="number"
          min={0}
          step={1}
          value={values.order}
          onChange={(e) => set('order', e.target.value)}
          onBlur={blur('order')}
          {...errorProps('school-order', errorOf('order'))}
        />
      </FormField>
      <div className="field">
        <label className="checkbox" htmlFor="school-obsolete">
          <input
            id="school-obsolete"
            type="checkbox"
            role="switch"
            className="mr-2"
            checked={values.isObsolete}
            onChange={(e) => set('isObsolete', e.target.checked)}
          />
          <FormattedMessage id="Schools.isObsolete" />
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
          <Link className="button is-light" to="/field-schools">
            <FormattedMessage id="Common.goBack" />
          </Link>
        </div>
      </div>
    </form>
  );
}
