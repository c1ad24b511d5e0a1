import { configureStore, type Middleware } from '@reduxjs/toolkit';
import type { ThunkExtra } from '@/shared/entitySlice';
import { sessionCleared } from '@/shared/session';

/**
 * An in-memory AuthApi (the thunks' backend, given as the store's extraArgument): each method a
 * mock the tests script; the slice's own logic (verified e-mail, record required, sign-out on
 * failure) runs for real.
 */
const api = {
  signInWithPassword: vi.fn(),
  signInWithLinkAndSetPassword: vi.fn(),
  changePassword: vi.fn(),
  sendPasswordReset: vi.fn(),
  signOut: vi.fn(),
  fetchSession: vi.fn(),
};
const extra: ThunkExtra = { apis: { auth: api }, accounts: { create: vi.fn() } };

import {
  authCleanUp,
  authSlice,
  changePassword,
  initialState,
  logout,
  restoreSession,
  selectIsAdmin,
  selectRestoring,
  selectSession,
  sendResetLink,
  sessionUpdated,
  setPasswordWithLink,
  signIn,
  NO_ACCESS,
} from './authSlice';
import { NoUserRecordError } from './sessionRecord';

const session = {
  id: 'uid-1',
  isAdmin: true,
  email: 'ana@example.com',
  name: 'Ana',
  location: 'Singapore',
  logoUrl: null,
  createdAt: 0,
};

function makeStore(preloaded?: { auth: typeof initialState }, seen: string[] = []) {
  const recorder: Middleware = () => (next) => (action) => {
    seen.push((action as { type: string }).type);
    return next(action);
  };
  return configureStore({
    reducer: { auth: authSlice.reducer },
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).prepend(recorder),
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.signOut.mockResolvedValue(undefined);
});

describe('auth reducers (spec 4, Session)', () => {
  const reduce = authSlice.reducer;

  it('starts restoring: loading, no session', () => {
    const state = reduce(undefined, { type: '@@init' });
    expect(state).toEqual(initialState);
    expect(selectRestoring({ auth: state })).toBe(true);
  });

  it('sessionUpdated merges into the session, and does nothing when signed out', () => {
    const signedIn = { ...initialState, loading: false, session };
    expect(reduce(signedIn, sessionUpdated({ name: 'Ana B' })).session?.name).toBe('Ana B');
    expect(reduce(initialState, sessionUpdated({ name: 'x' })).session).toBeNull();
  });

  it('authCleanUp clears the error and the done flags', () => {
    const dirty = {
      ...initialState,
      error: { messageId: 'auth/wrong-password' },
      changedPassword: true,
      restoredPassword: true,
    };
    expect(reduce(dirty, authCleanUp())).toMatchObject({
      error: null,
      changedPassword: false,
      restoredPassword: false,
    });
  });

  it('sessionCleared signs out without restoring again', () => {
    const state = reduce({ ...initialState, session }, sessionCleared());
    expect(state.session).toBeNull();
    expect(state.loading).toBe(false);
  });

  it('a pending sign-in clears the previous error; a rejection stores the new one', () => {
    let state = reduce(
      { ...initialState, error: { messageId: 'x' } },
      signIn.pending('r', { email: '', password: '' }),
    );
    expect(state).toMatchObject({ loading: true, error: null });
    state = reduce(
      state,
      signIn.rejected(null, 'r', { email: '', password: '' }, { messageId: 'auth/wrong-password' }),
    );
    expect(state).toMatchObject({ loading: false, error: { messageId: 'auth/wrong-password' } });
  });

  it('a sent reset link sets restoredPassword; a changed password sets changedPassword', () => {
    expect(
      reduce(initialState, sendResetLink.fulfilled(undefined, 'r', { email: 'a' }))
        .restoredPassword,
    ).toBe(true);
    expect(
      reduce(initialState, changePassword.fulfilled(undefined, 'r', { current: 'a', next: 'b' }))
        .changedPassword,
    ).toBe(true);
  });

  it('selectors read the session and the admin flag', () => {
    const state = { auth: { ...initialState, session } };
    expect(selectSession(state)).toBe(session);
    expect(selectIsAdmin(state)).toBe(true);
    expect(selectIsAdmin({ auth: initialState })).toBe(false);
  });
});

describe('signIn (spec 4 login rule)', () => {
  it('fetches users/{uid} into the session', async () => {
    api.signInWithPassword.mockResolvedValue({ uid: 'uid-1', emailVerified: true });
    api.fetchSession.mockResolvedValue(session);
    const store = makeStore();
    await store.dispatch(signIn({ email: ' ana@example.com ', password: 'secret1' }));
    expect(api.signInWithPassword).toHaveBeenCalledWith('ana@example.com', 'secret1');
    expect(store.getState().auth).toMatchObject({ session, loading: false, error: null });
  });

  it('fails as user disabled, signed out, when the e-mail is not verified', async () => {
    api.signInWithPassword.mockResolvedValue({ uid: 'uid-1', emailVerified: false });
    const store = makeStore();
    await store.dispatch(signIn({ email: 'a@b.co', password: 'secret1' }));
    expect(api.signOut).toHaveBeenCalled();
    expect(api.fetchSession).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({
      session: null,
      error: { messageId: 'auth/user-disabled' },
    });
  });

  it('signs out again when there is no users record', async () => {
    api.signInWithPassword.mockResolvedValue({ uid: 'uid-1', emailVerified: true });
    api.fetchSession.mockRejectedValue(new NoUserRecordError('uid-1'));
    const store = makeStore();
    await store.dispatch(signIn({ email: 'a@b.co', password: 'secret1' }));
    expect(api.signOut).toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ session: null, error: { messageId: NO_ACCESS } });
  });

  it('maps Firebase codes to catalogue ids', async () => {
    api.signInWithPassword.mockRejectedValue({
      code: 'auth/invalid-credential',
      message: 'x',
    });
    const store = makeStore();
    await store.dispatch(signIn({ email: 'a@b.co', password: 'nope' }));
    expect(store.getState().auth.error).toEqual({ messageId: 'auth/invalid-credential' });
  });
});

describe('setPasswordWithLink (spec 2 Login, spec 7)', () => {
  it('signs in with the link, sets the password, then fetches the record', async () => {
    api.signInWithLinkAndSetPassword.mockResolvedValue({ uid: 'uid-1' });
    api.fetchSession.mockResolvedValue(session);
    const store = makeStore();
    const result = await store.dispatch(
      setPasswordWithLink({
        email: 'ana@example.com',
        password: 'secret1',
        link: 'http://x/login?oobCode=1',
      }),
    );
    expect(api.signInWithLinkAndSetPassword).toHaveBeenCalledWith(
      'ana@example.com',
      'http://x/login?oobCode=1',
      'secret1',
    );
    expect(api.fetchSession).toHaveBeenCalledWith('uid-1');
    expect(result.payload).toEqual({ session });
    expect(store.getState().auth.session).toEqual(session);
  });

  it('resolves with no session for a student or tutor (no record), signed out', async () => {
    api.signInWithLinkAndSetPassword.mockResolvedValue({ uid: 's-1' });
    api.fetchSession.mockRejectedValue(new NoUserRecordError('s-1'));
    const store = makeStore();
    const result = await store.dispatch(
      setPasswordWithLink({ email: 's@b.co', password: 'secret1', link: 'l' }),
    );
    expect(setPasswordWithLink.fulfilled.match(result)).toBe(true);
    expect(result.payload).toEqual({ session: null });
    expect(api.signOut).toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ session: null, loading: false, error: null });
  });

  it('reports an expired link', async () => {
    api.signInWithLinkAndSetPassword.mockRejectedValue({ code: 'auth/invalid-action-code' });
    const store = makeStore();
    await store.dispatch(setPasswordWithLink({ email: 's@b.co', password: 'secret1', link: 'l' }));
    expect(store.getState().auth.error).toEqual({ messageId: 'auth/invalid-action-code' });
  });
});

describe('changePassword (spec 7)', () => {
  it('changes it with the current and the new password, and asks for the success toast', async () => {
    api.changePassword.mockResolvedValue(undefined);
    const store = makeStore();
    const action = await store.dispatch(changePassword({ current: 'old-one', next: 'new-one' }));
    expect(api.changePassword).toHaveBeenCalledWith('old-one', 'new-one');
    expect((action.meta as { toast?: string }).toast).toBe('Auth.passwordChanged');
    expect(store.getState().auth.changedPassword).toBe(true);
  });

  it('reports a refused current password, with no success flag', async () => {
    api.changePassword.mockRejectedValue({ code: 'auth/wrong-password' });
    const store = makeStore();
    await store.dispatch(changePassword({ current: 'bad', next: 'new-one' }));
    expect(store.getState().auth.error).toEqual({ messageId: 'auth/wrong-password' });
    expect(store.getState().auth.changedPassword).toBe(false);
  });
});

describe('restoreSession and logout', () => {
  it('restores the session of the account Auth reports', async () => {
    api.fetchSession.mockResolvedValue(session);
    const store = makeStore();
    await store.dispatch(restoreSession({ uid: 'uid-1' } as never));
    expect(store.getState().auth).toMatchObject({ session, loading: false });
  });

  it('signs out silently when the record cannot be fetched', async () => {
    api.fetchSession.mockRejectedValue(new Error('offline'));
    const store = makeStore({ auth: { ...initialState, session } });
    await store.dispatch(restoreSession({ uid: 'uid-1' } as never));
    expect(api.signOut).toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ session: null, loading: false, error: null });
  });

  it('with no account, ends in signed out', async () => {
    const store = makeStore();
    await store.dispatch(restoreSession(null));
    expect(store.getState().auth).toMatchObject({ session: null, loading: false });
  });

  it('logout signs out and dispatches sessionCleared', async () => {
    const seen: string[] = [];
    const store = makeStore({ auth: { ...initialState, loading: false, session } }, seen);
    await store.dispatch(logout());
    expect(api.signOut).toHaveBeenCalled();
    expect(seen).toContain(sessionCleared.type);
    expect(store.getState().auth.session).toBeNull();
  });
});
