/**
 * /subjects (spec sections 2, 3 and 5): subjects with their level range and price, sorted by
 * `order`, obsolete ones hidden unless 'Show all' is on, filtered on name and country,
 * reorderable with up/down buttons, each delete confirmed first. The level range shows field
 * level names, which the app gives (src/app/routes/SubjectsPage.tsx).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCountryListing } from '@/shared/countries/useCountryListing';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { subjects, reorderSubjects, selectSubjects, selectSubjectsState } from '../subjectsSlice';
import type { Subject, SubjectFieldLevel } from '../types';

/** @param fieldLevels every field level, obsolete ones included (their names label ranges). */
export function SubjectsPage({ fieldLevels }: { fieldLevels: readonly SubjectFieldLevel[] }) {
  const intl = useIntl();
  const { countryColumn, filterText } = useCountryListing<Subject>('Subjects.country');

  const levelNames = useMemo(() => new Map(fieldLevels.map((l) => [l.id, l.name])), [fieldLevels]);
  const money = useCallback(
    (n: number) => intl.formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [intl],
  );

  const columns = useMemo<ColumnDef<Subject, unknown>[]>(
    () => [
      countryColumn,
      {
        id: 'levels',
        accessorFn: (row) =>
          [levelNames.get(row.levelStart), levelNames.get(row.levelEnd)]
            .filter(Boolean)
            .join(' – '),
        header: intl.formatMessage({ id: 'Subjects.levels' }),
      },
      {
        id: 'price',
        accessorFn: (row) => row.settings?.salePrice ?? row.settings?.originalPrice ?? null,
        header: intl.formatMessage({ id: 'Subjects.price' }),
        meta: {
          className: 'has-text-right',
          // Both prices as numbers: the column shows the sale price beside the struck original.
          csv: [
            {
              title: intl.formatMessage({ id: 'Subjects.originalPrice' }),
              value: (row) => row.settings?.originalPrice,
            },
            {
              title: intl.formatMessage({ id: 'Subjects.salePrice' }),
              value: (row) => row.settings?.salePrice,
            },
          ],
        },
        cell: ({ row: { original: row } }) =>
          row.settings ? (
            row.settings.salePrice !== null && row.settings.salePrice !== undefined ? (
              <>
                <del className="has-text-grey-dark mr-1">{money(row.settings.originalPrice)}</del>
                {money(row.settings.salePrice)}
              </>
            ) : (
              money(row.settings.originalPrice)
            )
          ) : (
            <span className="has-text-grey">
              <FormattedMessage id="Subjects.noSettings" />
            </span>
          ),
      },
    ],
    [intl, countryColumn, levelNames, money],
  );

  return (
    <EntityListPage
      messagePrefix="Subjects"
      path="/subjects"
      name="subjects"
      entity={subjects}
      selectAll={selectSubjects}
      selectState={selectSubjectsState}
      columns={columns}
      filterText={filterText}
      reorder={reorderSubjects}
      references="subjects"
    />
  );
}
