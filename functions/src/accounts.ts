/**
 * A student's or tutor's sign-in account lives as long as its record: students and tutors are
 * keyed by their Auth uid (spec section 7), and an account without a record must sign in to
 * nothing, nor keep its e-mail from a new record (creating a student with the e-mail of a deleted
 * one would fail with "Email already in use"). The record triggers (recordTriggers.ts) call this
 * when such a record is deleted, whoever deleted it.
 */
import { getAuth } from 'firebase-admin/auth';
import { adminApp, adminErrorCode } from './common.js';

/**
 * Deletes the Auth account `uid` when it is the account of a record of `collection` (its
 * `userType` claim is 'student' for students, 'tutor' for tutors; a staff account is never
 * touched). Already gone: nothing to do.
 */
export async function deleteAccountOfRecord(
  collection: 'students' | 'tutors',
  uid: string,
): Promise<void> {
  const auth = getAuth(adminApp());
  try {
    const user = await auth.getUser(uid);
    const userType = collection === 'students' ? 'student' : 'tutor';
    if (user.customClaims?.userType !== userType) return;
    await auth.deleteUser(uid);
  } catch (error) {
    if (adminErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}
