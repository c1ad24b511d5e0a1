/**
 * Backend access of the users list (spec sections 3, 4 and 7): the records under `users/{uid}`
 * (uid = the Auth account id) and their logos in Cloud Storage at `users/{uid}.{ext}`, shown
 * through the extension's 200x200 copy. The registry gives it to the users slice's thunks.
 */
import type { OwnedFile } from '@/shared/ownedFiles';
import {
  rtdbEntityApi,
  withOwnedFiles,
  type EntityApi,
  type RecordCreate,
  type RecordModify,
} from '@/shared/rtdb';
import { deleteUserAccount, setAdminRole } from './roleApi';
import type { User } from './types';

/** The file a user owns: the logo, whose 200x200 copy the record shows (spec 3, Files). */
export const USER_FILES: readonly OwnedFile[] = [
  { field: 'logoUrl', folder: 'users', resized: true },
];

const base = withOwnedFiles(rtdbEntityApi<User>('users'), USER_FILES);

/** The users list's EntityApi: the RTDB default with logos, roles and deletion through functions. */
export const usersApi: EntityApi<User, RecordCreate<User>, RecordModify<User>> = {
  ...base,
  /**
   * Changes the role through httpsSetAdmin when `isAdmin` differs from the stored one (the rules
   * refuse it from clients: only the functions write roles), then stores the new logo (replacing
   * the old files) and the other changed fields.
   */
  async modify({ changes, ...input }) {
    const { isAdmin, ...fields } = changes;
    if (isAdmin !== undefined && isAdmin !== (await base.get(input.id)).isAdmin) {
      await setAdminRole(input.id, isAdmin);
    }
    return base.modify({ ...input, changes: fields });
  },
  /**
   * Deletes the user through httpsDeleteUser: record, Auth account (an invitation sent before
   * stops working), then the logo and its resized copy, whose names the server derives from the
   * uid (never from the stored logoUrl, which its owner could point at someone else's file).
   */
  async remove(id) {
    await deleteUserAccount(id);
  },
};
