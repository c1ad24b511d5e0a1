import { useCallback, useMemo, type ReactNode } from 'react';
import { countries } from '@/features/countries/countriesSlice';
import { selectAllCountries, selectUsableCountries } from '@/features/countries/countrySelectors';
import { CountryOptionsProvider, type CountryOptions } from '@/shared/countries/CountryOptions';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * Gives the signed-in screens' country selects (shared/countries) the countries feature's list:
 * built-in merged with the stored records, obsolete ones not usable (spec sections 3 and 4).
 * `load` fetches `countries/` (admin data, spec section 6).
 */
export function AppCountryOptions({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const usable = useAppSelector(selectUsableCountries);
  const all = useAppSelector(selectAllCountries);
  const load = useCallback(() => void dispatch(countries.fetchAll()), [dispatch]);
  const value = useMemo<CountryOptions>(() => ({ usable, all, load }), [usable, all, load]);
  return <CountryOptionsProvider value={value}>{children}</CountryOptionsProvider>;
}
