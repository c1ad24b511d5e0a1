import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { FieldLevel } from './types';

/** The fieldLevels list (spec sections 3, 4 and 7): records under `fieldLevels/{id}`. */
export const fieldLevels = createEntitySlice({
  name: 'fieldLevels',
  api: rtdbEntityApi<FieldLevel>('fieldLevels', 'order'),
  messages: {
    created: 'FieldLevels.created',
    updated: 'FieldLevels.updated',
    deleted: 'FieldLevels.deleted',
  },
});
