/**
 * /countries (spec sections 2, 3 and 4): the built-in countries merged with stored records, each
 * with an obsolete switch. Without 'Show all' only built-in countries not yet stored are listed;
 * with it, stored records replace the built-in ones with the same code. What the switch writes is
 * documented in countriesSlice (a stored record = obsolete; removing it restores the country).
 * Marking a country obsolete that students or tutors have asks first, naming them
 * (ObsoleteCountryDialog).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLiveList } from '@/shared/lists/useLiveList';
import { isUsed, readReferenceUses } from '@/shared/lists/referenceUses';
import { Switch } from '@/shared/forms/Switch';
import { PageCard } from '@/shared/lists/PageCard';
import { DataTable } from '@/shared/table/DataTable';
import { useShowAllParam } from '@/shared/table/listState';
import { countries, selectCountriesState } from '../countriesSlice';
import { selectAllCountries, selectUnstoredCountries } from '../countrySelectors';
import { useCountryName } from '@/shared/countries/countryNames';
import type { Country } from '../types';
import {
  ObsoleteCountryDialog,
  type ObsoleteCountryCheck,
} from '../components/ObsoleteCountryDialog';

export default function CountriesPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [showAll, setShowAll] = useShowAllParam();
  const all = useAppSelector(selectAllCountries);
  const unstored = useAppSelector(selectUnstoredCountries);
  const { loading, loadError } = useAppSelector(selectCountriesState);
  const nameOf = useCountryName();
  // Codes whose switch is being written, so a second click cannot race the first.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  // Followed live while shown: another admin's change appears here.
  const { retry } = useLiveList(countries);

  const data = showAll ? all : unstored;

  const settle = useCallback((code: string) => {
    setPending((p) => {
      const next = new Set(p);
      next.delete(code);
      return next;
    });
  }, []);

  const write = useCallback(
    async (country: Country) => {
      // Toasts (success 'The country was updated successfully.' or the error) come from the
      // thunks (app/notifications).
      if (country.id && country.isObsolete) {
        await dispatch(countries.remove(country.id));
      } else if (country.id) {
        await dispatch(countries.modify({ id: country.id, changes: { isObsolete: true } }));
      } else {
        await dispatch(
          countries.create({
            name: country.name,
            code: country.code,
            dial_code: country.dial_code,
            isObsolete: true,
          }),
        );
      }
      settle(country.code);
    },
    [dispatch, settle],
  );

  // The country whose obsolete mark waits for the admin's answer (its uses are named).
  const [asking, setAsking] = useState<(ObsoleteCountryCheck & { country: Country }) | null>(null);

  const toggle = useCallback(
    async (country: Country) => {
      setPending((p) => new Set(p).add(country.code));
      if (country.isObsolete) return write(country);
      // People refer to a country by its code (uses/{kind}/countries/{code}).
      const uses = await readReferenceUses('countries', country.code).catch(() => null);
      if (uses && !isUsed(uses)) return write(country);
      setAsking({ country, name: nameOf(country.code, country.name), uses });
    },
    [write, nameOf],
  );

  const filterText = useCallback(
    (row: Country) => [row.name, nameOf(row.code, row.name), row.code, row.dial_code],
    [nameOf],
  );

  const columns = useMemo<ColumnDef<Country>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (row) => nameOf(row.code, row.name),
        header: intl.formatMessage({ id: 'Countries.name' }),
      },
      { id: 'code', accessorKey: 'code', header: intl.formatMessage({ id: 'Countries.code' }) },
      {
        id: 'dial_code',
        accessorKey: 'dial_code',
        header: intl.formatMessage({ id: 'Countries.dialCode' }),
      },
      {
        id: 'obsolete',
        accessorFn: (row) => (row.isObsolete ? 1 : 0),
        header: intl.formatMessage({ id: 'Countries.obsolete' }),
        meta: {
          csv: (row) => intl.formatMessage({ id: row.isObsolete ? 'Common.yes' : 'Common.no' }),
        },
        cell: ({ row: { original: row } }) => (
          <input
            type="checkbox"
            role="switch"
            aria-label={intl.formatMessage(
              { id: 'Countries.obsoleteNamed' },
              { name: nameOf(row.code, row.name) },
            )}
            checked={row.isObsolete === true}
            disabled={pending.has(row.code)}
            onChange={() => void toggle(row)}
          />
        ),
      },
    ],
    [intl, nameOf, pending, toggle],
  );

  return (
    <PageCard title="Countries.title">
      <div className="field">
        <Switch
          id="countries-show-all"
          label={<FormattedMessage id="Countries.showAll" />}
          checked={showAll}
          onChange={setShowAll}
        />
      </div>
      <DataTable
        data={data}
        columns={columns}
        getRowId={(row) => row.code}
        filterText={filterText}
        label={intl.formatMessage({ id: 'Countries.title' })}
        csvFileName="countries"
        loading={loading}
        error={loadError}
        onRetry={retry}
      />
      <ObsoleteCountryDialog
        check={asking}
        onConfirm={() => {
          if (!asking) return;
          setAsking(null);
          void write(asking.country);
        }}
        onCancel={() => {
          if (!asking) return;
          setAsking(null);
          settle(asking.country.code);
        }}
      />
    </PageCard>
  );
}
