import { FormattedMessage } from 'react-intl';
import { CountrySelect } from '@/shared/countries/CountrySelect';
import { DateField } from '@/shared/forms/DateField';
import { FormField } from '@/shared/forms/FormField';
import { InputField } from '@/shared/forms/InputField';
import { GenderField } from './ChoiceFields';
import type { FieldGroupProps } from './personForm';

/**
 * E-mail, name, mobile, gender, date of birth and country of a student or tutor (spec section
 * 3). The e-mail is the account's and cannot change once the account exists (`emailFixed`).
 */
export function ContactFields({
  form,
  idOf,
  emailFixed,
}: FieldGroupProps & { emailFixed: boolean }) {
  const country = form.bind('countryId');
  return (
    <>
      <InputField
        id={idOf('email')}
        label={<FormattedMessage id="People.email" />}
        type="email"
        autoComplete="off"
        disabled={emailFixed}
        {...form.bind('email')}
      />
      <InputField
        id={idOf('name')}
        label={<FormattedMessage id="People.name" />}
        {...form.bind('name')}
      />
      <InputField
        id={idOf('mobile')}
        label={<FormattedMessage id="People.mobile" />}
        type="tel"
        {...form.bind('mobile')}
      />
      <GenderField id={idOf('gender')} label="People.gender" {...form.bind('gender')} />
      <DateField
        id={idOf('dob')}
        label={<FormattedMessage id="People.dob" />}
        {...form.bind('dob')}
      />
      <FormField
        id={idOf('countryId')}
        label={<FormattedMessage id="People.country" />}
        error={country.error}
      >
        <CountrySelect
          id={idOf('countryId')}
          value={country.value}
          onChange={country.onChange}
          onBlur={country.onBlur}
          invalid={Boolean(country.error)}
          describedBy={country.error ? `${idOf('countryId')}-error` : undefined}
        />
      </FormField>
    </>
  );
}
