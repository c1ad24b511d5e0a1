/**
 * Reads the signed-in user's users/{uid} record into a Session (spec 3 User; spec 4 Session). The
 * Database SDK is loaded on first call (shared/firebase `database()`), never statically, so the
 * /login bundle stays free of it (its budget: 180 KB gzipped, bench/app.ts).
 */
import { database } from '@/shared/firebase';
import type { Session } from '@/shared/session';
import { NoUserRecordError } from './noUserRecord';

/** Thrown when users/{uid} does not exist or cannot be read by this account. */
export { NoUserRecordError };

/**
 * Fetches users/{uid} once.
 * @throws NoUserRecordError when the record is missing or the rules deny the read (students and
 *   tutors have no record, spec 6); any other failure (network) is rethrown as is.
 */
export async function fetchSession(uid: string): Promise<Session> {
  const [{ get, ref }, db] = await Promise.all([import('firebase/database'), database()]);
  let snapshot;
  try {
    snapshot = await get(ref(db, `users/${uid}`));
  } catch (e) {
    if (/permission[_ ]denied/i.test(String((e as Error)?.message ?? e))) {
      throw new NoUserRecordError(uid);
    }
    throw e;
  }
  if (!snapshot.exists()) throw new NoUserRecordError(uid);
  const record = snapshot.val() as Partial<Omit<Session, 'id'>>;
  return {
    id: uid,
    isAdmin: record.isAdmin === true,
    email: record.email ?? '',
    name: record.name ?? '',
    location: record.location ?? '',
    logoUrl: record.logoUrl ?? null,
    createdAt: typeof record.createdAt === 'number' ? record.createdAt : 0,
  };
}
