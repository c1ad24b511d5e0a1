/**
 * /field-schools/new and /field-schools/:id (spec sections 2 and 4): creates or edits a school; a
 * failed load redirects to the list, and so does a successful save.
 */
import { EntityFormPage } from '@/shared/forms/EntityFormPage';
import { SchoolForm } from '../components/SchoolForm';
import { schools } from '../schoolsSlice';
import { emptySchool, schoolToForm } from '../validation';

export default function SchoolFormPage() {
  return (
    <EntityFormPage
      entity={schools}
      listPath="/field-schools"
      messagePrefix="Schools"
      Form={SchoolForm}
      empty={emptySchool}
      toForm={schoolToForm}
    />
  );
}
