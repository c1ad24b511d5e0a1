/**
 * Connects Firebase Auth's state to the session (spec 7: "Auth state changes trigger loading the
 * user or logout").
 *
 * - The first report after start-up restores the session (restoreSession).
 * - Later reports of a signed-in account are the app's own sign-ins; their thunks fetch the
 *   record themselves, so they are not fetched twice here.
 * - A later report of no account while a session is held (signed out in another tab, account
 *   disabled, token revoked) ends the session and clears the lists.
 * - While signed in, the user's own `users/{uid}/isAdmin` is followed: when an admin changes it
 *   (httpsSetAdmin) the ID token is refreshed at once, so Storage sees the new claim; the function
 *   revoked the refresh token, so the refresh fails and the user signs in again, with the new role
 *   everywhere.
 */
import { onAuthStateChanged } from 'firebase/auth';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '@/shared/entitySlice';
import { auth } from '@/shared/firebase';
import { sessionCleared } from '@/shared/session';
import { watchValue } from '@/shared/watchValue';
import { restoreSession, type AuthState } from './authSlice';

interface SessionStore {
  dispatch: ThunkDispatch<{ auth: AuthState }, ThunkExtra, UnknownAction>;
  getState: () => { auth: AuthState };
}

/**
 * Starts listening; call once, after the persisted state has been rehydrated.
 * @returns the unsubscribe function.
 */
export function startSessionListener(store: SessionStore): () => void {
  let first = true;
  let stopRoleWatch: () => void = () => undefined;
  const stopAuth = onAuthStateChanged(auth, (user) => {
    stopRoleWatch();
    stopRoleWatch = user ? watchOwnRole(user.uid, () => refreshOrSignOut()) : () => undefined;
    if (first) {
      first = false;
      void store.dispatch(restoreSession(user));
    } else if (!user && store.getState().auth.session) {
      store.dispatch(sessionCleared());
    }
  });
  return () => {
    stopRoleWatch();
    stopAuth();
  };
}

/** Forces a new ID token; when the refresh token was revoked, ends the Auth session. */
async function refreshOrSignOut(): Promise<void> {
  try {
    await auth.currentUser?.getIdToken(true);
  } catch {
    await auth.signOut();
  }
}

/**
 * Calls `onChange` whenever `users/{uid}/isAdmin` disagrees with the `admin` claim of the ID
 * token the app holds (httpsSetAdmin sets both), the first value included: a role changed while
 * the listener was still being attached (right after sign-in) is caught too.
 * @returns the function that stops following it.
 */
function watchOwnRole(uid: string, onChange: () => void): () => void {
  let stopped = false;
  // A student's or tutor's account has no readable record: its listener is cancelled, and
  // nothing is followed.
  const stop = watchValue(`users/${uid}/isAdmin`, (value) => {
    const isAdmin = value === true;
    void auth.currentUser?.getIdTokenResult().then(
      (token) => {
        if (!stopped && (token.claims.admin === true) !== isAdmin) onChange();
      },
      () => onChange(),
    );
  });
  return () => {
    stopped = true;
    stop();
  };
}
