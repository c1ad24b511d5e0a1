import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { errorProps } from '@/shared/forms/fieldErrors';
import { Form } from '@/shared/forms/Form';
import { FormActions } from '@/shared/forms/FormActions';
import { FormField } from '@/shared/forms/FormField';
import { InputField } from '@/shared/forms/InputField';
import { SelectField } from '@/shared/forms/SelectField';
import { Switch } from '@/shared/forms/Switch';
import { OrderField } from '@/shared/forms/OrderField';
import { useFormState } from '@/shared/forms/useFormState';
import { ACCESS_BY_VALUES } from '../types';
import {
  LEVEL_FIELD_NAMES,
  levelSchema,
  type LevelFormValues,
  type LevelInput,
} from '../validation';

/**
 * The browsing level form: name, accessBy, description, order and the eight field-visibility
 * switches (spec sections 3 and 5). Submit is enabled only when name, accessBy and description
 * are given; errors show once a field was touched. A failed save keeps the values.
 */
export function LevelForm({
  initial,
  submitting,
  onSubmit,
}: RecordFormProps<LevelFormValues, LevelInput>) {
  const intl = useIntl();
  const form = useFormState(levelSchema, initial);
  const description = form.bind('description');

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <InputField
        id="level-name"
        label={<FormattedMessage id="Levels.name" />}
        required
        {...form.bind('name')}
      />
      <SelectField
        id="level-access-by"
        label={<FormattedMessage id="Levels.accessBy" />}
        required
        {...form.bind('accessBy')}
      >
        <option value="">{intl.formatMessage({ id: 'Levels.selectAccessBy' })}</option>
        {ACCESS_BY_VALUES.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: `Levels.accessBy.${value}` })}
          </option>
        ))}
      </SelectField>
      <FormField
        id="level-description"
        label={<FormattedMessage id="Levels.description" />}
        error={description.error}
      >
        <textarea
          id="level-description"
          className={`textarea${description.error ? ' is-danger' : ''}`}
          rows={3}
          value={description.value}
          required
          onChange={(e) => description.onChange(e.target.value)}
          onBlur={description.onBlur}
          {...errorProps('level-description', description.error)}
        />
      </FormField>
      <OrderField
        id="level-order"
        label={<FormattedMessage id="Levels.order" />}
        {...form.bind('order')}
      />
      <fieldset className="box">
        <legend className="label">
          <FormattedMessage id="Levels.visibleFields" />
        </legend>
        <div className="columns is-multiline">
          {LEVEL_FIELD_NAMES.map((field) => (
            <div key={field} className="column is-half-tablet is-one-quarter-desktop">
              <Switch
                id={`level-field-${field}`}
                label={<FormattedMessage id={`Levels.field.${field}`} />}
                checked={form.values.fields[field]}
                onChange={(on) => form.set(`fields.${field}`, on)}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <FormActions valid={form.valid} submitting={submitting} backTo="/browsing-levels" />
    </Form>
  );
}
