import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCountryName } from './countryNames';

/**
 * The Country column and the filter of a list of records with a country (spec section 5: field
 * levels, schools and subjects are filtered on name and country, by code or by the name in the
 * interface language).
 * @param header message id of the column header, e.g. 'Schools.country' (undefined: a list
 *   without a country column, whose caller ignores the result)
 * @returns `countryColumn` (id 'country', the country's name) and `filterText` for DataTable
 */
export function useCountryListing<T extends { name: string; countryId: string }>(
  header: string | undefined,
) {
  const intl = useIntl();
  const nameOf = useCountryName();
  const filterText = useCallback(
    (row: T) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );
  const countryColumn = useMemo<ColumnDef<T, unknown>>(
    () => ({
      id: 'country',
      accessorFn: (row) => nameOf(row.countryId),
      header: header ? intl.formatMessage({ id: header }) : '',
    }),
    [intl, nameOf, header],
  );
  return { countryColumn, filterText };
}
