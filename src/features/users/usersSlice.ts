import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { User } from './types';

/** The users list (spec sections 3, 4 and 7): records under `users/{id}`. */
export const users = createEntitySlice({
  name: 'users',
  api: rtdbEntityApi<User>('users'),
  messages: { created: 'Users.created', updated: 'Users.updated', deleted: 'Users.deleted' },
});
