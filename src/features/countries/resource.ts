import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { countries, type StoredCountry } from './countriesSlice';

/** Countries (spec sections 2-7): one list with its obsolete switches, Systems > Manage fields. */
export const countriesResource = defineResource({
  name: 'countries',
  path: '/countries',
  slice: countries,
  api: rtdbEntityApi<StoredCountry>('countries'),
  pages: { list: () => import('./pages/CountriesPage') },
  nav: { group: 'systems', submenu: 'Layout.nav.manageFields', list: 'Layout.nav.countries' },
});
