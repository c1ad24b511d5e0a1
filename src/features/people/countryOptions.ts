import { countries } from 'countries-list';

/** The built-in country list as select options: Singapore first, then by name (spec section 1). */
export const COUNTRY_OPTIONS: ReadonlyArray<{ code: string; name: string }> = Object.entries(
  countries,
)
  .map(([code, c]) => ({ code, name: c.name }))
  .sort((a, b) =>
    a.code === 'SG' ? -1 : b.code === 'SG' ? 1 : a.name.localeCompare(b.name, 'en'),
  );
