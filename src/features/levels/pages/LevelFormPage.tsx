/**
 * /browsing-levels/new and /browsing-levels/:id (spec sections 2 and 4): creates or edits a browsing
 * level; a failed load redirects to the list, and so does a successful save.
 */
import { EntityFormPage } from '@/shared/forms/EntityFormPage';
import { LevelForm } from '../components/LevelForm';
import { levels } from '../levelsSlice';
import { emptyLevel, levelToForm } from '../validation';

export default function LevelFormPage() {
  return (
    <EntityFormPage
      entity={levels}
      listPath="/browsing-levels"
      messagePrefix="Levels"
      Form={LevelForm}
      empty={emptyLevel}
      toForm={levelToForm}
    />
  );
}
