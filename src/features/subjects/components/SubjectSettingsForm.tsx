import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { errorProps, fieldErrors } from '@/shared/forms/fieldErrors';
import { FormField } from '@/shared/forms/FormField';
import {
  MULTIPLE_QTY_VALUES,
  subjectSettingsSchema,
  type SubjectSettingsInput,
  type SubjectSettingsValues,
} from '../validation';

type Field = keyof SubjectSettingsValues;

/** Number inputs of the tab: field, step (0.01 for money, spec section 5), minimum, help id. */
const NUMBER_FIELDS: ReadonlyArray<{ field: Field; step: string; min: number; help?: string }> = [
  { field: 'originalPrice', step: '0.01', min: 0 },
  { field: 'salePrice', step: '0.01', min: 0, help: 'Subjects.salePriceHelp' },
  { field: 'minimumQRPurchase', step: '1', min: 1 },
  { field: 'expiryMultiplier', step: '1', min: 1, help: 'Subjects.expiryMultiplierHelp' },
  { field: 'expiryDays', step: '1', min: 0, help: 'Subjects.expiryDaysHelp' },
  { field: 'expiryPrice', step: '0.01', min: 0, help: 'Subjects.expiryPriceHelp' },
];

/**
 * The subject's Settings tab: prices and package rules (spec sections 3 and 5). Submit is
 * enabled only when an original price exists, any sale price is lower, and every required
 * field holds; the sale price error shows as soon as both prices are typed. A failed save keeps
 * the values.
 */
export function SubjectSettingsForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: SubjectSettingsValues;
  submitting: boolean;
  onSubmit: (settings: SubjectSettingsInput) => void;
}) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const result = subjectSettingsSchema.safeParse(values);
  const errors = fieldErrors(result.error);
  const errorOf = (field: Field) =>
    touched.has(field) && errors[field] ? intl.formatMessage({ id: errors[field] }) : null;
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
  };
  const blur = (field: Field) => () => setTouched((t) => new Set(t).add(field));
  const id = (field: Field) => `subject-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result.success && !submitting) onSubmit(result.data);
  };

  const numberInput = ({ field, step, min, help }: (typeof NUMBER_FIELDS)[number]) => (
    <FormField
      key={field}
      id={id(field)}
      label={<FormattedMessage id={`Subjects.${field}`} />}
      error={errorOf(field)}
      help={help ? <FormattedMessage id={help} /> : undefined}
    >
      <input
        id={id(field)}
        className={`input${errorOf(field) ? ' is-danger' : ''}`}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        required={field !== 'salePrice'}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        onBlur={blur(field)}
        {...errorProps(id(field), errorOf(field))}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className="columns is-multiline">
        {NUMBER_FIELDS.slice(0, 3).map((f) => (
          <div key={f.field} className="column is-one-third-desktop is-half-tablet">
            {numberInput(f)}
          </div>
        ))}
        <div className="column is-one-third-desktop is-half-tablet">
          <FormField
            id={id('multipleQtyRestriction')}
            label={<FormattedMessage id="Subjects.multipleQtyRestriction" />}
            error={errorOf('multipleQtyRestriction')}
          >
            <div className="select is-fullwidth">
              <select
                id={id('multipleQtyRestriction')}
                value={values.multipleQtyRestriction}
                required
                onChange={(e) => set('multipleQtyRestriction', e.target.value)}
                onBlur={blur('multipleQtyRestriction')}
                {...errorProps(id('multipleQtyRestriction'), errorOf('multipleQtyRestriction'))}
              >
                <option value="">{intl.formatMessage({ id: 'Subjects.selectMultiple' })}</option>
                {MULTIPLE_QTY_VALUES.map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          </FormField>
        </div>
        {NUMBER_FIELDS.slice(3).map((f) => (
          <div key={f.field} className="column is-one-third-desktop is-half-tablet">
            {numberInput(f)}
          </div>
        ))}
      </div>
      <div className="field is-grouped mt-5">
        <div className="control">
          <button
            type="submit"
            className={`button is-primary${submitting ? ' is-loading' : ''}`}
            disabled={!result.success || submitting}
          >
            <FormattedMessage id="Subjects.saveSettings" />
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
