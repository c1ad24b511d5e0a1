import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { School } from './types';

/** The schools list (spec sections 3, 4 and 7): records under `schools/{id}`. */
export const schools = createEntitySlice({
  name: 'schools',
  api: rtdbEntityApi<School>('schools', 'order'),
  messages: { created: 'Schools.created', updated: 'Schools.updated', deleted: 'Schools.deleted' },
});
