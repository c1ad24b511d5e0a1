/**
 * /field-levels/new and /field-levels/:id (spec sections 2 and 4): creates or edits a field
 * level; a failed load redirects to the list, and so does a successful save.
 */
import { EntityFormPage } from '@/shared/forms/EntityFormPage';
import { FieldLevelForm } from '../components/FieldLevelForm';
import { fieldLevels } from '../fieldLevelsSlice';
import { emptyFieldLevel, fieldLevelToForm } from '../validation';

export default function FieldLevelFormPage() {
  return (
    <EntityFormPage
      entity={fieldLevels}
      listPath="/field-levels"
      messagePrefix="FieldLevels"
      Form={FieldLevelForm}
      empty={emptyFieldLevel}
      toForm={fieldLevelToForm}
    />
  );
}
