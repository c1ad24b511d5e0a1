/**
 * The session (spec section 4, Session). STUB written by the lead to fix the contract; the auth
 * feature replaces the thunks (sign-in, e-mail link, reset, change password, logout) but keeps
 * the state shape, `sessionUpdated` and the selectors, which other features use.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppError } from '@/shared/errors';
import { sessionCleared } from '@/shared/session';

/** What the session holds of the signed-in user's users/{uid} record (spec section 3, User). */
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

export interface AuthState {
  session: Session | null;
  loading: boolean;
  error: AppError | null;
  /** A reset link was sent (spec section 4). */
  restoredPassword: boolean;
  /** The password was changed; clears the change-password form (spec section 4). */
  changedPassword: boolean;
}

const initialState: AuthState = {
  session: null,
  loading: false,
  error: null,
  restoredPassword: false,
  changedPassword: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Editing one's own users record also updates the session (spec section 4). */
    sessionUpdated(state, action: PayloadAction<Partial<Omit<Session, 'id'>>>) {
      if (state.session) Object.assign(state.session, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialState);
  },
});

export const { sessionUpdated } = authSlice.actions;

/** The signed-in user's session, or null. */
export const selectSession = (state: { auth: AuthState }) => state.auth.session;
/** Whether the signed-in user is an admin (users/{uid}.isAdmin). */
export const selectIsAdmin = (state: { auth: AuthState }) => state.auth.session?.isAdmin === true;
