/**
 * The error of an account without a readable `users/{uid}` record (students and tutors have none,
 * spec 6), in a module without any Firebase SDK: the session slice, which /login renders with,
 * tells it apart without loading the SDKs (sessionRecord.ts throws it).
 */
export class NoUserRecordError extends Error {
  readonly code = 'auth/no-user-record';
  constructor(uid: string) {
    super(`No readable users/${uid} record`);
  }
}
