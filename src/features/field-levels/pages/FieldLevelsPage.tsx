/**
 * /field-levels (spec sections 2, 3 and 5): field levels sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import { useMemo } from 'react';
import { useCountryListing } from '@/shared/countries/useCountryListing';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import {
  fieldLevels,
  reorderFieldLevels,
  selectFieldLevels,
  selectFieldLevelsState,
} from '../fieldLevelsSlice';
import type { FieldLevel } from '../types';

export default function FieldLevelsPage() {
  const { countryColumn, filterText } = useCountryListing<FieldLevel>('FieldLevels.country');
  const columns = useMemo(() => [countryColumn], [countryColumn]);

  return (
    <EntityListPage
      messagePrefix="FieldLevels"
      path="/field-levels"
      name="field-levels"
      entity={fieldLevels}
      selectAll={selectFieldLevels}
      selectState={selectFieldLevelsState}
      columns={columns}
      filterText={filterText}
      reorder={reorderFieldLevels}
    />
  );
}
