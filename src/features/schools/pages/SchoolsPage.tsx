/**
 * /field-schools (spec sections 2, 3 and 5): schools sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { schools, reorderSchools, selectSchools, selectSchoolsState } from '../schoolsSlice';

export default function SchoolsPage() {
  return (
    <EntityListPage
      messagePrefix="Schools"
      path="/field-schools"
      name="schools"
      entity={schools}
      selectAll={selectSchools}
      selectState={selectSchoolsState}
      countryHeader="Schools.country"
      reorder={reorderSchools}
      references="schools"
    />
  );
}
