/**
 * /field-schools (spec sections 2, 3 and 5): schools sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import { useMemo } from 'react';
import { useCountryListing } from '@/shared/countries/useCountryListing';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { schools, reorderSchools, selectSchools, selectSchoolsState } from '../schoolsSlice';
import type { School } from '../types';

export default function SchoolsPage() {
  const { countryColumn, filterText } = useCountryListing<School>('Schools.country');
  const columns = useMemo(() => [countryColumn], [countryColumn]);

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
