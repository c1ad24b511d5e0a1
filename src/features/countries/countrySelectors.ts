/**
 * Selectors that merge the built-in country list with the stored records (spec section 3). Kept
 * apart from countriesSlice so the store, which is in the /login bundle, does not pull the
 * 250-country list in: only the screens that show countries load it.
 */
import { createSelector } from '@reduxjs/toolkit';
import { BUILT_IN_COUNTRIES } from '@/shared/countries/builtInCountries';
import { selectStoredCountries, type StoredCountry } from './countriesSlice';
import type { Country } from './types';

/**
 * Merges the built-in list with stored records (spec section 3).
 * - showAll false: only built-in countries not yet stored;
 * - showAll true: every built-in country, a stored record replacing the one with the same code,
 *   then stored records whose code is not built in.
 */
export function mergeCountries(
  builtIn: readonly Country[],
  stored: readonly StoredCountry[],
  showAll: boolean,
): Country[] {
  const byCode = new Map(stored.map((c) => [c.code, c]));
  if (!showAll) return builtIn.filter((c) => !byCode.has(c.code));
  const builtInCodes = new Set(builtIn.map((c) => c.code));
  return [
    ...builtIn.map((c) => byCode.get(c.code) ?? c),
    ...stored.filter((c) => !builtInCodes.has(c.code)),
  ];
}

/** Every country, stored records replacing built-in ones (the list with 'Show all'). */
export const selectAllCountries = createSelector([selectStoredCountries], (stored) =>
  mergeCountries(BUILT_IN_COUNTRIES, stored, true),
);

/** Built-in countries with no stored record (the list without 'Show all'). */
export const selectUnstoredCountries = createSelector([selectStoredCountries], (stored) =>
  mergeCountries(BUILT_IN_COUNTRIES, stored, false),
);

/**
 * The countries forms may offer (not obsolete), Singapore first: what CountrySelect lists.
 * Other features (students, tutors, subjects, schools, field levels) use this.
 */
export const selectUsableCountries = createSelector([selectAllCountries], (all) =>
  all.filter((c) => c.isObsolete !== true),
);
