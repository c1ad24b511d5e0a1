/**
 * Country names in the interface language: the browser's Intl.DisplayNames gives localized
 * region names (e.g. 'España' vs 'Spain'); the stored or built-in English name is the fallback.
 */
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { BUILT_IN_COUNTRIES } from './builtInCountries';

const englishNames = new Map(BUILT_IN_COUNTRIES.map((c) => [c.code, c.name]));
const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

/** A name for `code` in `locale`; the English name, or the code itself, when none is known. */
export function countryName(locale: string, code: string, fallback?: string): string {
  let localized: string | undefined;
  try {
    localized = namesFor(locale)?.of(code);
  } catch {
    localized = undefined;
  }
  return localized ?? fallback ?? englishNames.get(code) ?? code;
}

/** A function from a two-letter code to its name in the current interface language. */
export function useCountryName(): (code: string, fallback?: string) => string {
  const { locale } = useIntl();
  return useCallback(
    (code: string, fallback?: string) => countryName(locale, code, fallback),
    [locale],
  );
}
