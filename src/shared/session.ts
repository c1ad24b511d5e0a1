import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched on logout (and when a session ends because the user record is missing): every
 * entity slice returns to its initial state (spec section 4: "Logout clears all lists").
 * Lives in shared/ so the entity-slice factory can react to it without knowing the auth feature.
 */
export const sessionCleared = createAction('session/cleared');

/**
 * What the session holds of the signed-in user's users/{uid} record (spec section 3, User; spec
 * section 4, Session). Kept by the auth feature's slice under `auth.session`; read by every feature
 * through the selectors below, so that none of them imports the auth feature.
 */
export interface Session {
  id: string;
  isAdmin: boolean;
  email: string;
  name: string;
  location: string;
  logoUrl: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** The part of the store state the session selectors read. */
interface SessionRoot {
  auth: { session: Session | null };
}

/** Editing one's own users record also updates the session (spec section 4). */
export const sessionUpdated = createAction<Partial<Omit<Session, 'id'>>>('auth/sessionUpdated');

/** The signed-in user's session, or null. */
export const selectSession = (state: SessionRoot) => state.auth.session;

/** Whether the signed-in user is an admin (users/{uid}.isAdmin). */
export const selectIsAdmin = (state: SessionRoot) => state.auth.session?.isAdmin === true;
