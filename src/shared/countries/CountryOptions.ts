/**
 * The countries a form may offer (spec sections 1 and 3), as a context the app provides: the
 * country selects of other features' forms (students, tutors, subjects, schools, field levels)
 * read it here instead of importing the countries feature, whose stored records (obsolete
 * switches) decide what is usable. Without a provider, the built-in list (all usable).
 */
import { createContext, useContext } from 'react';
import { BUILT_IN_COUNTRIES } from './builtInCountries';

/** A country as offered: its two-letter code and its stored or built-in English name. */
export interface CountryOption {
  code: string;
  name: string;
}

/**
 * - `usable`: the countries new input may choose (not obsolete);
 * - `all`: every known country, obsolete ones included (an existing record keeps showing its own);
 * - `load()`: asks for the stored countries; selects call it on mount (admin screens only, spec 6).
 */
export interface CountryOptions {
  usable: readonly CountryOption[];
  all: readonly CountryOption[];
  load: () => void;
}

const CountryOptionsContext = createContext<CountryOptions>({
  usable: BUILT_IN_COUNTRIES,
  all: BUILT_IN_COUNTRIES,
  load: () => undefined,
});

/** Provides the countries to the forms below it (the app, from the countries feature). */
export const CountryOptionsProvider = CountryOptionsContext.Provider;

/** The countries the forms may offer. */
export function useCountryOptions(): CountryOptions {
  return useContext(CountryOptionsContext);
}
