/**
 * /field-levels (spec sections 2, 3 and 5): field levels sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCountryName } from '@/features/countries/countryNames';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import {
  fieldLevels,
  reorderFieldLevels,
  selectFieldLevels,
  selectFieldLevelsState,
} from '../fieldLevelsSlice';
import type { FieldLevel } from '../types';

export default function FieldLevelsPage() {
  const intl = useIntl();
  const nameOf = useCountryName();

  const filterText = useCallback(
    (row: FieldLevel) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );
  const columns = useMemo<ColumnDef<FieldLevel, unknown>[]>(
    () => [
      {
        id: 'country',
        accessorFn: (row) => nameOf(row.countryId),
        header: intl.formatMessage({ id: 'FieldLevels.country' }),
      },
    ],
    [intl, nameOf],
  );

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
