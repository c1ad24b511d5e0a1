/**
 * Connects Firebase Auth's state to the session (spec 7: "Auth state changes trigger loading the
 * user or logout").
 *
 * - The first report after start-up restores the session (restoreSession).
 * - Later reports of a signed-in account are the app's own sign-ins; their thunks fetch the
 *   record themselves, so they are not fetched twice here.
 * - A later report of no account while a session is held (signed out in another tab, account
 *   disabled, token revoked) ends the session and clears the lists.
 */
import { onAuthStateChanged } from 'firebase/auth';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { auth } from '@/shared/firebase';
import { sessionCleared } from '@/shared/session';
import { restoreSession, type AuthState } from './authSlice';

interface SessionStore {
  dispatch: ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>;
  getState: () => { auth: AuthState };
}

/**
 * Starts listening; call once, after the persisted state has been rehydrated.
 * @returns the unsubscribe function.
 */
export function startSessionListener(store: SessionStore): () => void {
  let first = true;
  return onAuthStateChanged(auth, (user) => {
    if (first) {
      first = false;
      void store.dispatch(restoreSession(user));
    } else if (!user && store.getState().auth.session) {
      store.dispatch(sessionCleared());
    }
  });
}
