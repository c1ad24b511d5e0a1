/**
 * /field-schools (spec sections 2, 3 and 5): schools sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCountryName } from '@/features/countries/countryNames';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { schools, reorderSchools, selectSchools, selectSchoolsState } from '../schoolsSlice';
import type { School } from '../types';

export default function SchoolsPage() {
  const intl = useIntl();
  const nameOf = useCountryName();

  const filterText = useCallback(
    (row: School) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );
  const columns = useMemo<ColumnDef<School, unknown>[]>(
    () => [
      {
        id: 'country',
        accessorFn: (row) => nameOf(row.countryId),
        header: intl.formatMessage({ id: 'Schools.country' }),
      },
    ],
    [intl, nameOf],
  );

  return (
    <EntityListPage
      messagePrefix="Schools"
      path="/field-schools"
      name="schools"
      entity={schools}
      selectAll={selectSchools}
      selectState={selectSchoolsState}
      columns={columns}
      filterText={filterText}
      reorder={reorderSchools}
    />
  );
}
