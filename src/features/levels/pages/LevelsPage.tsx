/**
 * /browsing-levels (spec sections 2, 3 and 5): browsing levels sorted by `order`, filtered on
 * name and description, each delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { levels, selectLevels, selectLevelsState } from '../levelsSlice';
import type { Level } from '../types';

// Spec section 5: levels are filtered on name and description.
const filterText = (row: Level) => [row.name, row.description];

export default function LevelsPage() {
  const intl = useIntl();

  const columns = useMemo<ColumnDef<Level, unknown>[]>(
    () => [
      {
        id: 'accessBy',
        accessorFn: (row) =>
          row.accessBy ? intl.formatMessage({ id: `Levels.accessBy.${row.accessBy}` }) : '',
        header: intl.formatMessage({ id: 'Levels.accessBy' }),
      },
      {
        id: 'description',
        accessorKey: 'description',
        header: intl.formatMessage({ id: 'Levels.description' }),
      },
    ],
    [intl],
  );

  return (
    <EntityListPage
      messagePrefix="Levels"
      path="/browsing-levels"
      name="browsing-levels"
      entity={levels}
      selectAll={selectLevels}
      selectState={selectLevelsState}
      columns={columns}
      filterText={filterText}
      references="levels"
    />
  );
}
