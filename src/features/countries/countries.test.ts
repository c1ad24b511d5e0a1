import { describe, expect, it } from 'vitest';
import { BUILT_IN_COUNTRIES, buildBuiltInCountries } from '@/shared/countries/builtInCountries';
import { countryName } from '@/shared/countries/countryNames';
import { countries, type StoredCountry } from './countriesSlice';
import { mergeCountries, selectUsableCountries } from './countrySelectors';

describe('built-in countries (spec section 1)', () => {
  it('has about 250 entries with name, two-letter code and dial code, Singapore first', () => {
    expect(BUILT_IN_COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(BUILT_IN_COUNTRIES[0]).toEqual({ name: 'Singapore', code: 'SG', dial_code: '+65' });
    for (const c of BUILT_IN_COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.dial_code).toMatch(/^\+\d+$/);
      expect(c.name).not.toBe('');
    }
    expect(new Set(BUILT_IN_COUNTRIES.map((c) => c.code)).size).toBe(BUILT_IN_COUNTRIES.length);
  });

  it('sorts the rest by name and uses the first calling code', () => {
    const list = buildBuiltInCountries();
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.find((c) => c.code === 'DO')?.dial_code).toBe('+1809');
    expect(list.find((c) => c.code === 'ES')?.dial_code).toBe('+34');
  });

  it('names countries in the interface language', () => {
    expect(countryName('es', 'ES')).toBe('España');
    expect(countryName('en', 'ES')).toBe('Spain');
  });
});

describe('mergeCountries (spec section 3)', () => {
  const builtIn = [
    { name: 'Singapore', code: 'SG', dial_code: '+65' },
    { name: 'Spain', code: 'ES', dial_code: '+34' },
  ];
  const stored: StoredCountry[] = [
    { id: 'k1', name: 'Spain', code: 'ES', dial_code: '+34', isObsolete: true },
    { id: 'k2', name: 'Atlantis', code: 'QA', dial_code: '+0', isObsolete: false },
  ];

  it('without show-all lists only built-in countries not yet stored', () => {
    expect(mergeCountries(builtIn, stored, false).map((c) => c.code)).toEqual(['SG']);
  });

  it('with show-all replaces a built-in country by its stored record', () => {
    const all = mergeCountries(builtIn, stored, true);
    expect(all.map((c) => c.code)).toEqual(['SG', 'ES', 'QA']);
    expect(all[1]).toEqual(stored[0]);
  });

  it('offers forms only countries that are not obsolete', () => {
    const state = {
      countries: countries.reducer(
        undefined,
        countries.fetchAll.fulfilled([stored[0] as StoredCountry], 'req'),
      ),
    };
    const usable = selectUsableCountries(state);
    expect(usable.some((c) => c.code === 'ES')).toBe(false);
    expect(usable[0]?.code).toBe('SG');
    expect(usable.length).toBe(BUILT_IN_COUNTRIES.length - 1);
  });
});
