import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

vi.mock('@/shared/firebase', () => ({ auth: {}, usesEmulators: false, database: vi.fn() }));

const { authSlice, initialState } = await import('@/features/auth/authSlice');
const { RedirectIfSignedIn, RequireAdmin, RequireAuth } = await import('./guards');
const { NotFoundPage } = await import('./NotFoundPage');
const { messages } = await import('./i18n/allMessages');

type AuthState = typeof initialState;
const member = {
  id: 'u1',
  isAdmin: false,
  email: 'm@example.com',
  name: 'M',
  location: '',
  logoUrl: null,
  createdAt: 0,
};
const signedOut: AuthState = { ...initialState, loading: false };
const restoring: AuthState = initialState;
const asMember: AuthState = { ...signedOut, session: member };
const asAdmin: AuthState = { ...signedOut, session: { ...member, isAdmin: true } };

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return (
    <p>
      at {location.pathname}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

function renderAt(path: string, auth: AuthState) {
  const store = configureStore({ reducer: { auth: authSlice.reducer }, preloadedState: { auth } });
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages.en}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RedirectIfSignedIn />}>
              <Route path="/login" element={<Where />} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="/" element={<Where />} />
              <Route element={<RequireAdmin />}>
                <Route path="/users" element={<Where />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', () => {
    renderAt('/users', signedOut);
    expect(screen.getByText('at /login from /users')).toBeInTheDocument();
  });

  it('shows a loading indicator, not a redirect, while the session is restored', () => {
    renderAt('/users', restoring);
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session…');
    expect(screen.queryByText(/at \/login/)).not.toBeInTheDocument();
  });

  it('lets a signed-in user through', () => {
    renderAt('/', asMember);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });
});

describe('RequireAdmin (spec 6)', () => {
  it('sends a non-admin to /', () => {
    renderAt('/users', asMember);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('lets an admin through', () => {
    renderAt('/users', asAdmin);
    expect(screen.getByText('at /users')).toBeInTheDocument();
  });
});

describe('RedirectIfSignedIn (spec 2)', () => {
  it('sends a signed-in visitor from /login to /', () => {
    renderAt('/login', asMember);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('shows /login to a signed-out visitor', () => {
    renderAt('/login', signedOut);
    expect(screen.getByText('at /login')).toBeInTheDocument();
  });
});

describe('NotFoundPage (spec 2 Not found)', () => {
  it('names the URL and links to login when signed out', () => {
    renderAt('/nowhere?x=1', signedOut);
    expect(screen.getByRole('heading', { name: 'Error 404: page not found' })).toBeInTheDocument();
    expect(screen.getByText(/The requested URL/)).toHaveTextContent(
      'The requested URL /nowhere?x=1 was not found',
    );
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('links to home when signed in', () => {
    renderAt('/nowhere', asMember);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
