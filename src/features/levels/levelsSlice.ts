import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Level } from './types';

/** The levels list (spec sections 3, 4 and 7): records under `levels/{id}`. */
export const levels = createEntitySlice({
  name: 'levels',
  api: rtdbEntityApi<Level>('levels'),
  messages: { created: 'Levels.created', updated: 'Levels.updated', deleted: 'Levels.deleted' },
});
