import { FormattedMessage } from 'react-intl';
import { InputField } from '@/shared/forms/InputField';
import { TagsField } from '@/shared/forms/TagsField';
import type { FieldGroupProps } from './personForm';

const ADDRESS = ['houseNumber', 'buildingName', 'street1', 'street2', 'postcode'] as const;
const INFO = ['info1', 'info2', 'info3'] as const;

/** The address lines and the three tag lists (info1..info3) of a student or tutor (spec 3). */
export function AddressFields({ form, idOf }: FieldGroupProps) {
  return (
    <>
      {ADDRESS.map((field) => (
        <InputField
          key={field}
          id={idOf(field)}
          label={<FormattedMessage id={`People.${field}`} />}
          {...form.bind(field)}
        />
      ))}
      {INFO.map((field) => (
        <TagsField
          key={field}
          id={idOf(field)}
          label={<FormattedMessage id={`People.${field}`} />}
          {...form.bind(field)}
        />
      ))}
    </>
  );
}
