import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { NamedCountryForm } from '@/shared/forms/NamedCountryForm';
import { SelectField } from '@/shared/forms/SelectField';
import { useFormState } from '@/shared/forms/useFormState';
import type { SubjectFieldLevel } from '../types';
import {
  subjectBasicSchemaFor,
  type SubjectBasicInput,
  type SubjectBasicValues,
} from '../validation';

/**
 * The subject's Basic Info tab: name, country, level range (field levels of that country,
 * sorted by order), order and obsolete (spec sections 3 and 5). Submit is enabled only when
 * name and country are given and the range does not run backwards (its first level above its
 * last). A failed save keeps the values. `fieldLevels`: every field level,
 * obsolete ones included (a stored range keeps its name), sorted by `order`; the app gives them.
 */
export function SubjectBasicForm({
  initial,
  submitting,
  onSubmit,
  fieldLevels: allLevels,
}: RecordFormProps<SubjectBasicValues, SubjectBasicInput> & {
  fieldLevels: readonly SubjectFieldLevel[];
}) {
  const intl = useIntl();
  // Made again when the levels change (react-hook-form takes the newest resolver each render).
  const schema = useMemo(
    () =>
      subjectBasicSchemaFor((id) => {
        const index = allLevels.findIndex((l) => l.id === id);
        return index < 0 ? undefined : index;
      }),
    [allLevels],
  );
  const form = useFormState(schema, initial);
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

  // A backwards range shows its error under the last level, as soon as either end changes.
  const levelSelect = (field: 'levelStart' | 'levelEnd', id: string) => (
    <SelectField
      id={id}
      label={<FormattedMessage id={`Subjects.${field}`} />}
      value={form.values[field]}
      error={field === 'levelEnd' ? form.errorOf('levelEnd') : null}
      onChange={(value) => {
        form.set(field, value);
        form.bind('levelEnd').onBlur();
      }}
      onBlur={form.bind(field).onBlur}
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
    <NamedCountryForm
      form={form}
      onSubmit={onSubmit}
      submitting={submitting}
      idPrefix="subject"
      messagePrefix="Subjects"
      backTo="/subjects"
    >
      <div className="columns">
        <div className="column">{levelSelect('levelStart', 'subject-level-start')}</div>
        <div className="column">{levelSelect('levelEnd', 'subject-level-end')}</div>
      </div>
    </NamedCountryForm>
  );
}
