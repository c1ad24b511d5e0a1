/**
 * The embedded country list (spec section 1: about 250 entries, each with name, dial_code and
 * two-letter code; Singapore first), built from the `countries-list` package (ISO 3166-1 codes,
 * English names, calling codes) instead of a hand-typed table.
 */
import { countries as data } from 'countries-list';

/** A country of the built-in list (spec section 1): English name, two-letter code, dial code. */
export interface BuiltInCountry {
  name: string;
  /** ISO 3166-1 alpha-2 code, e.g. 'SG'. */
  code: string;
  /** International dialling prefix, e.g. '+65'. */
  dial_code: string;
}

/** The country listed first and the default countryId of records (spec section 9). */
export const DEFAULT_COUNTRY_CODE = 'SG';

/**
 * Builds the list: `dial_code` is '+' and the first calling code of the country (a few, like the
 * Dominican Republic, have several); entries are sorted by English name with Singapore first.
 */
export function buildBuiltInCountries(): BuiltInCountry[] {
  const list: BuiltInCountry[] = Object.entries(data).map(([code, info]) => ({
    name: info.name,
    code,
    dial_code: info.phone.length ? `+${info.phone[0]}` : '',
  }));
  return list.sort((a, b) =>
    a.code === DEFAULT_COUNTRY_CODE
      ? -1
      : b.code === DEFAULT_COUNTRY_CODE
        ? 1
        : a.name.localeCompare(b.name, 'en'),
  );
}

/** The built-in countries, Singapore first. */
export const BUILT_IN_COUNTRIES: readonly BuiltInCountry[] = buildBuiltInCountries();
