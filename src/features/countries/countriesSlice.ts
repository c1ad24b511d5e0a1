import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Country } from './types';

/** The countries list (spec sections 3, 4 and 7): records under `countries/{id}`. */
export const countries = createEntitySlice({
  name: 'countries',
  api: rtdbEntityApi<Country & { id: string }>('countries'),
  messages: { updated: 'Countries.updated' },
});
