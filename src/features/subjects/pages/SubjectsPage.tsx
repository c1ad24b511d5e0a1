/**
 * /subjects (spec sections 2, 3 and 5): subjects with their level range and price, sorted by
 * `order`, obsolete ones hidden unless 'Show all' is on, filtered on name and country,
 * reorderable with up/down buttons, each delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useCountryListing } from '@/shared/countries/useCountryListing';
import { fieldLevels, selectFieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { EntityListPage } from '@/shared/lists/EntityListPage';
import { subjects, reorderSubjects, selectSubjects, selectSubjectsState } from '../subjectsSlice';
import type { Subject } from '../types';

export default function SubjectsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { countryColumn, filterText } = useCountryListing<Subject>('Subjects.country');

  const allLevels = useAppSelector(selectFieldLevels);
  const levelNames = useMemo(() => new Map(allLevels.map((l) => [l.id, l.name])), [allLevels]);
  const money = useCallback(
    (n: number) => intl.formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [intl],
  );

  useEffect(() => {
    // Names of the level range (the list page loads the subjects).
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);

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
        meta: { className: 'has-text-right' },
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
    />
  );
}
