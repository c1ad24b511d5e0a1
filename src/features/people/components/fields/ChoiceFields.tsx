import { useIntl } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import type { Gender, YesNo } from '@/shared/domain/person';
import { SelectField } from '@/shared/forms/SelectField';
import type { BoundField } from '@/shared/forms/useFormState';

/** A No/Yes select over a stored 0/1 (spec section 9: Yes/No fields are 0 or 1, default 0). */
export function YesNoField({
  id,
  label,
  value,
  onChange,
}: { id: string; label: string } & Pick<BoundField<YesNo>, 'value' | 'onChange'>) {
  const intl = useIntl();
  return (
    <SelectField
      id={id}
      label={<FormattedMessage id={label} />}
      value={String(value) as '0' | '1'}
      onChange={(v) => onChange(v === '1' ? 1 : 0)}
    >
      <option value="0">{intl.formatMessage({ id: 'Common.no' })}</option>
      <option value="1">{intl.formatMessage({ id: 'Common.yes' })}</option>
    </SelectField>
  );
}

/** A Male/Female select (spec section 3, default male). */
export function GenderField({
  id,
  label,
  value,
  onChange,
}: { id: string; label: string } & Pick<BoundField<Gender>, 'value' | 'onChange'>) {
  const intl = useIntl();
  return (
    <SelectField id={id} label={<FormattedMessage id={label} />} value={value} onChange={onChange}>
      <option value="male">{intl.formatMessage({ id: 'People.male' })}</option>
      <option value="female">{intl.formatMessage({ id: 'People.female' })}</option>
    </SelectField>
  );
}
