import { FormattedMessage } from 'react-intl';
import { InputField } from '@/shared/forms/InputField';
import type { FormState } from '@/shared/forms/useFormState';
import type { SchoolFormValues, SchoolInput } from '../validation';

/** The address fields of a school and their autocomplete tokens (HTML autofill). */
const ADDRESS = [
  ['address1', 'address-line1'],
  ['address2', 'address-line2'],
  ['postcode', 'postal-code'],
] as const;

/** A school's address lines and postcode (spec section 3), between Country and Order. */
export function SchoolAddressFields({ form }: { form: FormState<SchoolFormValues, SchoolInput> }) {
  // The address fields have no rule, so they never show an error (nor need a blur).
  return ADDRESS.map(([field, autoComplete]) => (
    <InputField
      key={field}
      id={`school-${field}`}
      label={<FormattedMessage id={`Schools.${field}`} />}
      autoComplete={autoComplete}
      value={form.values[field]}
      onChange={(value: string) => form.set(field, value)}
    />
  ));
}
