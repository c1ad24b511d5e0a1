/**
 * The countries list (spec sections 3, 4 and 7): stored records under `countries/{id}` merged
 * with the built-in list (builtInCountries).
 *
 * What a stored record means — the spec leaves the obsolete toggle unclear (section 4: "the
 * obsolete switch on an existing country removes its record; a country without an id is created,
 * always flagged obsolete"). Reading implemented here, because it is the only one in which both
 * halves of that sentence are a toggle of the same switch:
 * - a built-in country with no stored record is in use (not obsolete);
 * - switching it to obsolete CREATES a `countries/{id}` record with `isObsolete: true`;
 * - switching a stored country back REMOVES its record, which restores the built-in entry.
 * A stored record with `isObsolete: false` (not written by this app) only overrides the name and
 * dial code; its switch sets `isObsolete: true` on that record rather than removing it (removing
 * would leave the country in use, so the switch would do nothing visible). Both switches show 'The country was updated successfully.' (spec section 8).
 */
import { createSelector } from '@reduxjs/toolkit';
import type { EntityListState } from '@/shared/entitySlice';
import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import { BUILT_IN_COUNTRIES } from './builtInCountries';
import type { Country } from './types';

/** A country as stored: always with its record id. */
export type StoredCountry = Country & { id: string };

export const countries = createEntitySlice({
  name: 'countries',
  api: rtdbEntityApi<StoredCountry>('countries'),
  // Creating and removing a record are both "updating" the country for the admin.
  messages: {
    created: 'Countries.updated',
    updated: 'Countries.updated',
    deleted: 'Countries.updated',
  },
});

type CountriesRoot = { countries: EntityListState<StoredCountry> };

/** The stored `countries/` records. */
export const selectStoredCountries = (state: CountriesRoot) =>
  countries.selectors.selectAll(state.countries);

/** Loading and error flags of the countries list. */
export const selectCountriesState = (state: CountriesRoot) => state.countries;

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
