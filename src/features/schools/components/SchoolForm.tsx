import { FormattedMessage } from 'react-intl';
import { CountryField } from '@/shared/countries/CountryField';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { Form } from '@/shared/forms/Form';
import { FormActions } from '@/shared/forms/FormActions';
import { InputField } from '@/shared/forms/InputField';
import { ObsoleteField } from '@/shared/forms/ObsoleteField';
import { OrderField } from '@/shared/forms/OrderField';
import { useFormState } from '@/shared/forms/useFormState';
import { schoolSchema, type SchoolFormValues, type SchoolInput } from '../validation';

/**
 * The school form: name, country, address, postcode, order, obsolete (spec sections 3 and 5).
 * Submit is enabled only when the schema holds; errors show once a field was touched. The values
 * stay here, so a failed save keeps them.
 */
export function SchoolForm({
  initial,
  submitting,
  onSubmit,
}: RecordFormProps<SchoolFormValues, SchoolInput>) {
  const form = useFormState(schoolSchema, initial);
  // The address fields have no rule, so they never show an error (nor need a blur).
  const plain = (field: 'address1' | 'address2' | 'postcode') => ({
    value: form.values[field],
    onChange: (value: string) => form.set(field, value),
  });

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <InputField
        id="school-name"
        label={<FormattedMessage id="Schools.name" />}
        required
        {...form.bind('name')}
      />
      <CountryField
        id="school-country"
        label={<FormattedMessage id="Schools.country" />}
        {...form.bind('countryId')}
      />
      <InputField
        id="school-address1"
        label={<FormattedMessage id="Schools.address1" />}
        autoComplete="address-line1"
        {...plain('address1')}
      />
      <InputField
        id="school-address2"
        label={<FormattedMessage id="Schools.address2" />}
        autoComplete="address-line2"
        {...plain('address2')}
      />
      <InputField
        id="school-postcode"
        label={<FormattedMessage id="Schools.postcode" />}
        autoComplete="postal-code"
        {...plain('postcode')}
      />
      <OrderField
        id="school-order"
        label={<FormattedMessage id="Schools.order" />}
        {...form.bind('order')}
      />
      <ObsoleteField
        id="school-obsolete"
        label={<FormattedMessage id="Schools.isObsolete" />}
        {...form.bind('isObsolete')}
      />
      <FormActions valid={form.valid} submitting={submitting} backTo="/field-schools" />
    </Form>
  );
}
