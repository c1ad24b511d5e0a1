/**
 * What the auth slice's thunks need of Firebase Auth and of the users/{uid} record (spec sections
 * 2, 4 and 7). The store gives it to the thunks as `extraArgument` (`apis.auth`), so the slice's
 * unit tests pass an in-memory one instead of mocking Firebase modules.
 */
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut,
  updatePassword,
} from 'firebase/auth';
import { auth } from '@/shared/firebase';
import type { Session } from '@/shared/session';
import { fetchSession } from './sessionRecord';

/** Every method rejects with the Firebase error (its `code` is a catalogue id, shared/errors). */
export interface AuthApi {
  /** E-mail and password sign-in: the account's uid and whether its e-mail is verified. */
  signInWithPassword(
    email: string,
    password: string,
  ): Promise<{ uid: string; emailVerified: boolean }>;
  /** Signs in with an e-mailed sign-in link and sets the account's first password. */
  signInWithLinkAndSetPassword(
    email: string,
    link: string,
    password: string,
  ): Promise<{ uid: string }>;
  /** Re-authenticates the signed-in account with `current`, then sets `next` ('auth/requires-recent-login' when nobody is signed in). */
  changePassword(current: string, next: string): Promise<void>;
  /** Sends the password reset e-mail in `locale`'s template (`auth.languageCode`). */
  sendPasswordReset(email: string, locale?: string): Promise<void>;
  signOut(): Promise<void>;
  /** users/{uid} as a Session; NoUserRecordError (sessionRecord) when there is none to read. */
  fetchSession(uid: string): Promise<Session>;
}

/** The real AuthApi, on the app's Firebase Auth instance. */
export const firebaseAuthApi: AuthApi = {
  async signInWithPassword(email, password) {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    return { uid: user.uid, emailVerified: user.emailVerified };
  },
  async signInWithLinkAndSetPassword(email, link, password) {
    const { user } = await signInWithEmailLink(auth, email, link);
    await updatePassword(user, password);
    return { uid: user.uid };
  },
  async changePassword(current, next) {
    const user = auth.currentUser;
    if (!user?.email) {
      throw Object.assign(new Error('No signed-in user'), { code: 'auth/requires-recent-login' });
    }
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
    await updatePassword(user, next);
  },
  async sendPasswordReset(email, locale) {
    if (locale) auth.languageCode = locale;
    await sendPasswordResetEmail(auth, email);
  },
  signOut: () => signOut(auth),
  fetchSession,
};
