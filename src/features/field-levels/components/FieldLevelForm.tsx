import { FormattedMessage } from 'react-intl';
import { CountryField } from '@/shared/countries/CountryField';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { Form } from '@/shared/forms/Form';
import { FormActions } from '@/shared/forms/FormActions';
import { InputField } from '@/shared/forms/InputField';
import { ObsoleteField } from '@/shared/forms/ObsoleteField';
import { OrderField } from '@/shared/forms/OrderField';
import { useFormState } from '@/shared/forms/useFormState';
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
}: RecordFormProps<FieldLevelFormValues, FieldLevelInput>) {
  const form = useFormState(fieldLevelSchema, initial);

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <InputField
        id="field-level-name"
        label={<FormattedMessage id="FieldLevels.name" />}
        required
        {...form.bind('name')}
      />
      <CountryField
        id="field-level-country"
        label={<FormattedMessage id="FieldLevels.country" />}
        {...form.bind('countryId')}
      />
      <OrderField
        id="field-level-order"
        label={<FormattedMessage id="FieldLevels.order" />}
        {...form.bind('order')}
      />
      <ObsoleteField
        id="field-level-obsolete"
        label={<FormattedMessage id="FieldLevels.isObsolete" />}
        {...form.bind('isObsolete')}
      />
      <FormActions valid={form.valid} submitting={submitting} backTo="/field-levels" />
    </Form>
  );
}
