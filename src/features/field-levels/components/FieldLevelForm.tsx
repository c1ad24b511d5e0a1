import { namedCountryRecordForm } from '@/shared/forms/namedCountryRecordForm';
import { fieldLevelSchema, type FieldLevelFormValues, type FieldLevelInput } from '../validation';

/**
 * The field level form: name, country, order, obsolete (spec sections 3 and 5). Submit is
 * enabled only when the schema holds; errors show once a field was touched. The values stay
 * here, so a failed save keeps them.
 */
export const FieldLevelForm = namedCountryRecordForm<FieldLevelFormValues, FieldLevelInput>(
  fieldLevelSchema,
  { idPrefix: 'field-level', messagePrefix: 'FieldLevels', backTo: '/field-levels' },
);
