/**
 * The session (spec section 4, Session) and the sign-in flows of spec section 2 (Login, Password
 * recovery, Profile) and section 7 (Authentication).
 *
 * States: restoring (at start-up, until Firebase Auth reports who is signed in) -> signed out
 * | signing in -> users/{uid} fetched -> signed in. A missing or unreadable record signs the
 * account out again. Thunks reject with an AppError whose message id is a Firebase code or an
 * `Auth.*` id; the app's notifications listener shows it as a toast, the forms also show it
 * inline (`role="alert"`).
 *
 * The session's shape, `sessionUpdated`, `selectSession` and `selectIsAdmin` live in shared/session
 * so that other features read the session without importing this feature.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { User as FirebaseUser } from 'firebase/auth';
import { toAppError, type AppError } from '@/shared/errors';
import { EMAIL_PATTERN } from '@/shared/forms/email';
import { sessionCleared, sessionUpdated, type Session } from '@/shared/session';
import type { ThunkExtra, ToastMeta } from '@/shared/entitySlice';
import { resolveLazy, type Lazy } from '@/shared/lazy';
import type { AuthApi } from './authApi';
import { NoUserRecordError } from './noUserRecord';

export type { Session } from '@/shared/session';
export { selectIsAdmin, selectSession, sessionUpdated } from '@/shared/session';

export interface AuthState {
  session: Session | null;
  /**
   * True while the session is being restored at start-up (until Firebase Auth has answered) and
   * while a sign-in, reset or password change is under way. Not persisted (store.ts), so every
   * page load starts by restoring.
   */
  loading: boolean;
  error: AppError | null;
  /** A reset link was sent (spec section 4). */
  restoredPassword: boolean;
  /** The password was changed; clears the change-password form (spec section 4). */
  changedPassword: boolean;
}

export const initialState: AuthState = {
  session: null,
  loading: true,
  error: null,
  restoredPassword: false,
  changedPassword: false,
};

/** Message id: the account signed in but is not staff (no users/{uid} record, spec 6). */
export const NO_ACCESS = 'Auth.noAccess';

type Config = { rejectValue: AppError; extra: ThunkExtra };

/** The AuthApi the store gives the thunks (`extraArgument.apis.auth`). */
function authApiOf(extra: ThunkExtra): Promise<AuthApi> {
  return resolveLazy(extra.apis.auth as Lazy<AuthApi>);
}

/** Reads users/{uid}; on failure signs the account out again (spec 4) and rethrows. */
async function sessionOrSignOut(api: AuthApi, uid: string): Promise<Session> {
  try {
    return await api.fetchSession(uid);
  } catch (e) {
    await api.signOut();
    throw e;
  }
}

function toAuthError(e: unknown): AppError {
  return e instanceof NoUserRecordError ? { messageId: NO_ACCESS } : toAppError(e);
}

/**
 * E-mail and password sign-in (spec 2 Login). Spec 4 login rule: an account whose e-mail is not
 * verified is signed out and fails with 'auth/user-disabled'. Then users/{uid} is fetched; an
 * account without a record fails with NO_ACCESS.
 */
export const signIn = createAsyncThunk<Session, { email: string; password: string }, Config>(
  'auth/signIn',
  async ({ email, password }, { rejectWithValue, extra }) => {
    try {
      const api = await authApiOf(extra);
      const user = await api.signInWithPassword(email.trim(), password);
      if (!user.emailVerified) {
        await api.signOut();
        return rejectWithValue({ messageId: 'auth/user-disabled' });
      }
      return await sessionOrSignOut(api, user.uid);
    } catch (e) {
      return rejectWithValue(toAuthError(e));
    }
  },
);

/** Result of the sign-in-link flow: the session, or null for a person who is not staff. */
export interface PasswordSetResult {
  session: Session | null;
}

/**
 * The invited person's first password (spec 2 Login, spec 7): sign in with the e-mailed link,
 * set the password, then fetch users/{uid} (spec 4). Students and tutors have no record: their
 * password is set, they are signed out again and the result's session is null, so the login
 * page can tell them so instead of failing silently.
 */
export const setPasswordWithLink = createAsyncThunk<
  PasswordSetResult,
  { email: string; password: string; link: string },
  Config
>('auth/setPasswordWithLink', async ({ email, password, link }, { rejectWithValue, extra }) => {
  try {
    const api = await authApiOf(extra);
    const user = await api.signInWithLinkAndSetPassword(email.trim(), link, password);
    try {
      return { session: await sessionOrSignOut(api, user.uid) };
    } catch (e) {
      if (e instanceof NoUserRecordError) return { session: null };
      throw e;
    }
  } catch (e) {
    return rejectWithValue(toAuthError(e));
  }
});

/**
 * Sends a password reset e-mail (spec 2 Password recovery); sets restoredPassword. `locale` (the
 * visitor's language, 'en' or 'es') becomes `auth.languageCode`, so Firebase writes the e-mail
 * from that language's template and its action link carries `lang=<locale>` (Firebase Auth docs,
 * "Send a password reset email": `auth.languageCode`).
 *
 * Answers the same confirmation whether or not an account has the e-mail (as Firebase's "email
 * enumeration protection" does in production): 'auth/user-not-found' counts as sent, so the form
 * cannot be used to learn who has an account. A malformed address is refused here, before any
 * request ('auth/invalid-email', 'Email is invalid'): the Auth service answers it like an unknown
 * account.
 */
export const sendResetLink = createAsyncThunk<void, { email: string; locale?: string }, Config>(
  'auth/sendResetLink',
  async ({ email, locale }, { rejectWithValue, extra }) => {
    if (!EMAIL_PATTERN.test(email.trim()))
      return rejectWithValue({ messageId: 'auth/invalid-email' });
    try {
      await (await authApiOf(extra)).sendPasswordReset(email.trim(), locale);
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code === 'auth/user-not-found') return;
      return rejectWithValue(toAppError(e));
    }
  },
);

/**
 * Changes the signed-in user's password (spec 2 Profile, spec 7): re-authenticate with the
 * current password, then update. Success toast 'Password changed successfully.' (spec 8).
 */
export const changePassword = createAsyncThunk<
  void,
  { current: string; next: string },
  Config & { fulfilledMeta: ToastMeta }
>(
  'auth/changePassword',
  async ({ current, next }, { rejectWithValue, fulfillWithValue, extra }) => {
    try {
      await (await authApiOf(extra)).changePassword(current, next);
      return fulfillWithValue(undefined, { toast: 'Auth.passwordChanged' });
    } catch (e) {
      return rejectWithValue(toAppError(e));
    }
  },
);

/**
 * At start-up, the first answer of Firebase Auth: the account it restored (or null). A persisted
 * session is refreshed from users/{uid} (isAdmin may have changed); a missing record or a failed
 * fetch signs out (spec 4). With no account, a persisted session is dropped and lists cleared.
 */
export const restoreSession = createAsyncThunk<
  Session | null,
  FirebaseUser | null,
  { extra: ThunkExtra }
>('auth/restoreSession', async (user, { dispatch, getState, extra }) => {
  if (user) {
    try {
      return await sessionOrSignOut(await authApiOf(extra), user.uid);
    } catch {
      // Signed out without a toast: nobody asked to sign in on this page load.
    }
  }
  if ((getState() as { auth: AuthState }).auth.session) dispatch(sessionCleared());
  return null;
});

/** Signs out and clears every list (spec 4: "Logout clears all lists"); nothing else is purged. */
export const logout = createAsyncThunk<void, void, { extra: ThunkExtra }>(
  'auth/logout',
  async (_, { dispatch, extra }) => {
    try {
      await (await authApiOf(extra)).signOut();
    } finally {
      // Even if Auth could not be told (offline), this browser forgets the session and lists.
      dispatch(sessionCleared());
    }
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Leaving the auth screens clears the error and the done flags (spec section 4). */
    authCleanUp(state) {
      state.error = null;
      state.changedPassword = false;
      state.restoredPassword = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => ({ ...initialState, loading: false }))
      // Editing one's own users record also updates the session (spec section 4).
      .addCase(sessionUpdated, (state, action) => {
        if (state.session) Object.assign(state.session, action.payload);
      })
      .addCase(restoreSession.pending, (state) => {
        state.loading = true;
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        state.loading = false;
        state.session = action.payload;
      })
      .addCase(signIn.fulfilled, (state, action) => {
        state.loading = false;
        state.session = action.payload;
      })
      .addCase(setPasswordWithLink.fulfilled, (state, action) => {
        state.loading = false;
        state.session = action.payload.session;
      })
      .addCase(sendResetLink.fulfilled, (state) => {
        state.loading = false;
        state.restoredPassword = true;
      })
      .addCase(changePassword.fulfilled, (state) => {
        state.loading = false;
        state.changedPassword = true;
      });
    for (const thunk of [signIn, setPasswordWithLink, sendResetLink, changePassword]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.loading = true;
          state.error = null;
          state.restoredPassword = false;
          state.changedPassword = false;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.loading = false;
          state.error = action.payload ?? toAppError(action.error);
        });
    }
  },
});

export const { authCleanUp } = authSlice.actions;

/** True while the session is restored at start-up (guards show a loading indicator). */
export const selectRestoring = (state: { auth: AuthState }) =>
  state.auth.loading && state.auth.session === null;
/** The auth slice as a whole (forms read loading, error and the done flags). */
export const selectAuth = (state: { auth: AuthState }) => state.auth;
