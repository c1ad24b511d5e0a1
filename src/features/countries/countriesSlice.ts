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
import type { EntityListState } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { createEntitySlice } from '@/shared/entitySlice';
import type { Country } from './types';

/** A country as stored: always with its record id. */
export type StoredCountry = Country & { id: string };

export const countries = createEntitySlice<
  StoredCountry,
  RecordCreate<StoredCountry>,
  RecordModify<StoredCountry>
>({
  name: 'countries',
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
