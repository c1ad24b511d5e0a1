/**
 * The two callables that own a back-office user's role and existence
 * (functions/src/httpsSetAdmin.ts, httpsDeleteUser.ts): the database rules refuse a client write of
 * `isAdmin`, and deleting a user also deletes the Auth account and the logo files, so both go
 * through the server.
 */
import { functions } from '@/shared/firebase';

async function call<P, R>(name: string, payload: P): Promise<R> {
  const { httpsCallable } = await import('firebase/functions');
  return (await httpsCallable<P, R>(await functions(), name)(payload)).data;
}

/**
 * Grants or withdraws the admin role: record, claim and refresh tokens together.
 * @throws FunctionsError whose message is a catalogue id ('users/self-role-change',
 *   'users/last-admin', 'functions/permission-denied', ...).
 */
export function setAdminRole(uid: string, isAdmin: boolean): Promise<unknown> {
  return call('httpsSetAdmin', { uid, isAdmin });
}

/**
 * Deletes the users record, then the Auth account, then the logo and its resized copy.
 * @throws FunctionsError whose message is a catalogue id ('users/self-role-change', ...).
 */
export function deleteUserAccount(uid: string): Promise<unknown> {
  return call('httpsDeleteUser', { uid });
}
