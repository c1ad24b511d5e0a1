import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { RecordFormProps } from '@/shared/forms/EntityFormPage';
import { NamedCountryForm } from '@/shared/forms/NamedCountryForm';
import { useFormState } from '@/shared/forms/useFormState';
import { fieldLevels, selectFieldLevels } from '../fieldLevelsSlice';
import {
  fieldLevelSchemaFor,
  sameName,
  type FieldLevelFormValues,
  type FieldLevelInput,
} from '../validation';

/**
 * The field level form: name, country, order, obsolete (spec sections 3 and 5), the name unique
 * within its country (the other field levels are loaded on mount). Submit is enabled only when
 * the schema holds; errors show once a field was touched. The values stay here, so a failed save
 * keeps them.
 */
export function FieldLevelForm({
  initial,
  submitting,
  onSubmit,
}: RecordFormProps<FieldLevelFormValues, FieldLevelInput>) {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);
  // Made again when the levels change (react-hook-form takes the newest resolver each render).
  const levels = useAppSelector(selectFieldLevels);
  const schema = useMemo(
    () =>
      fieldLevelSchemaFor((name, countryId) =>
        levels.some((l) => l.id !== id && l.countryId === countryId && sameName(l.name, name)),
      ),
    [id, levels],
  );
  const form = useFormState(schema, initial);
  return (
    <NamedCountryForm
      form={form}
      onSubmit={onSubmit}
      submitting={submitting}
      idPrefix="field-level"
      messagePrefix="FieldLevels"
      backTo="/field-levels"
    />
  );
}
