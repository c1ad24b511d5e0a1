import { namedCountryRecordForm } from '@/shared/forms/namedCountryRecordForm';
import { SchoolAddressFields } from './SchoolAddressFields';
import { schoolSchema, type SchoolFormValues, type SchoolInput } from '../validation';

/**
 * The school form: name, country, address, postcode, order, obsolete (spec sections 3 and 5).
 * Submit is enabled only when the schema holds; errors show once a field was touched. The values
 * stay here, so a failed save keeps them.
 */
export const SchoolForm = namedCountryRecordForm<SchoolFormValues, SchoolInput>(
  schoolSchema,
  { idPrefix: 'school', messagePrefix: 'Schools', backTo: '/field-schools' },
  SchoolAddressFields,
);
