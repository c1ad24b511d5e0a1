import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '@/app/hooks';
import { CountryField } from '@/shared/countries/CountryField';
import { selectFieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { Form } from '@/shared/forms/Form';
import { FormActions } from '@/shared/forms/FormActions';
import { InputField } from '@/shared/forms/InputField';
import { SelectField } from '@/shared/forms/SelectField';
import { ObsoleteField } from '@/shared/forms/ObsoleteField';
import { OrderField } from '@/shared/forms/OrderField';
import { useFormState } from '@/shared/forms/useFormState';
import { subjectBasicSchema, type SubjectBasicInput, type SubjectBasicValues } from '../validation';

/**
 * The subject's Basic Info tab: name, country, level range (field levels of that country,
 * sorted by order), order and obsolete (spec sections 3 and 5). Submit is enabled only when
 * name and country are given. A failed save keeps the values.
 */
export function SubjectBasicForm({
  initial,
  submitting,
  onSubmit,
}: RecordFormProps<SubjectBasicValues, SubjectBasicInput>) {
  const intl = useIntl();
  const allLevels = useAppSelector(selectFieldLevels);
  const form = useFormState(subjectBasicSchema, initial);
  const { countryId, levelStart, levelEnd } = form.values;

  // Levels of the chosen country that are in use, plus the ones already chosen.
  const levelOptions = useMemo(
    () =>
      allLevels.filter(
        (l) =>
          (l.countryId === countryId && !l.isObsolete) || l.id === levelStart || l.id === levelEnd,
      ),
    [allLevels, countryId, levelStart, levelEnd],
  );

  // The level range has no rule, so its selects never show an error (nor need a blur).
  const levelSelect = (field: 'levelStart' | 'levelEnd', id: string) => (
    <SelectField
      id={id}
      label={<FormattedMessage id={`Subjects.${field}`} />}
      value={form.values[field]}
      onChange={(value) => form.set(field, value)}
    >
      <option value="">{intl.formatMessage({ id: 'Subjects.noLevel' })}</option>
      {levelOptions.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </SelectField>
  );

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <InputField
        id="subject-name"
        label={<FormattedMessage id="Subjects.name" />}
        required
        {...form.bind('name')}
      />
      <CountryField
        id="subject-country"
        label={<FormattedMessage id="Subjects.country" />}
        {...form.bind('countryId')}
      />
      <div className="columns">
        <div className="column">{levelSelect('levelStart', 'subject-level-start')}</div>
        <div className="column">{levelSelect('levelEnd', 'subject-level-end')}</div>
      </div>
      <OrderField
        id="subject-order"
        label={<FormattedMessage id="Subjects.order" />}
        {...form.bind('order')}
      />
      <ObsoleteField
        id="subject-obsolete"
        label={<FormattedMessage id="Subjects.isObsolete" />}
        {...form.bind('isObsolete')}
      />
      <FormActions valid={form.valid} submitting={submitting} backTo="/subjects" />
    </Form>
  );
}
