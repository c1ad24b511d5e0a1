import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { errorProps } from '@/shared/forms/fieldErrors';
import { Form } from '@/shared/forms/Form';
import { FormActions } from '@/shared/forms/FormActions';
import { FormField } from '@/shared/forms/FormField';
import { InputField } from '@/shared/forms/InputField';
import { useFormState } from '@/shared/forms/useFormState';
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
}: RecordFormProps<SubjectSettingsValues, SubjectSettingsInput>) {
  const intl = useIntl();
  const form = useFormState(subjectSettingsSchema, initial);
  const id = (field: Field) => `subject-${field}`;
  const multiple = form.bind('multipleQtyRestriction');

  const numberInput = ({ field, step, min, help }: (typeof NUMBER_FIELDS)[number]) => (
    <div key={field} className="column is-one-third-desktop is-half-tablet">
      <InputField
        id={id(field)}
        label={<FormattedMessage id={`Subjects.${field}`} />}
        help={help ? <FormattedMessage id={help} /> : undefined}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        required={field !== 'salePrice'}
        {...form.bind(field)}
      />
    </div>
  );

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <div className="columns is-multiline">
        {NUMBER_FIELDS.slice(0, 3).map(numberInput)}
        <div className="column is-one-third-desktop is-half-tablet">
          {/* Not a SelectField: this select has never had the red border of an error. */}
          <FormField
            id={id('multipleQtyRestriction')}
            label={<FormattedMessage id="Subjects.multipleQtyRestriction" />}
            error={multiple.error}
          >
            <div className="select is-fullwidth">
              <select
                id={id('multipleQtyRestriction')}
                value={multiple.value}
                required
                onChange={(e) => multiple.onChange(e.target.value)}
                onBlur={multiple.onBlur}
                {...errorProps(id('multipleQtyRestriction'), multiple.error)}
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
        {NUMBER_FIELDS.slice(3).map(numberInput)}
      </div>
      <FormActions
        valid={form.valid}
        submitting={submitting}
        backTo="/subjects"
        submitLabel="Subjects.saveSettings"
      />
    </Form>
  );
}
