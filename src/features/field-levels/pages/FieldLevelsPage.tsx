/**
 * /field-levels (spec sections 2, 3 and 5): field levels sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import { EntityListPage } from '@/shared/lists/EntityListPage';
import {
  fieldLevels,
  reorderFieldLevels,
  selectFieldLevels,
  selectFieldLevelsState,
} from '../fieldLevelsSlice';

export default function FieldLevelsPage() {
  return (
    <EntityListPage
      messagePrefix="FieldLevels"
      path="/field-levels"
      name="field-levels"
      entity={fieldLevels}
      selectAll={selectFieldLevels}
      selectState={selectFieldLevelsState}
      countryHeader="FieldLevels.country"
      reorder={reorderFieldLevels}
      references="fieldLevels"
    />
  );
}
