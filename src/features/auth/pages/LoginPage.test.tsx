import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

vi.mock('@/shared/firebase', () => ({ auth: {}, usesEmulators: true, database: vi.fn() }));

const { authSlice, initialState } = await import('../authSlice');
const { default: LoginPage } = await import('./LoginPage');
const { ChangePasswordForm } = await import('../components/ChangePasswordForm');
const { messages } = await import('@/app/i18n/allMessages');

function renderAt(path: string, ui = <LoginPage />) {
  const store = configureStore({
    reducer: { auth: authSlice.reducer },
    preloadedState: { auth: { ...initialState, loading: false } },
  });
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages.en}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

describe('LoginPage (spec 2 Login)', () => {
  it('offers e-mail, password, Login, recovery and the local outbox, no social sign-in', () => {
    renderAt('/login');
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/recover-password',
    );
    // Spec 1: sign-in is by e-mail and password or an e-mailed link.
    for (const name of ['Facebook', 'Google', 'Microsoft']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Local outbox' })).toHaveAttribute('href', '/outbox');
  });

  it('from a sign-in link: Set your new password, rules of spec 5, no recovery link', async () => {
    const user = userEvent.setup();
    renderAt('/login?email=ana%40example.com&mode=signIn&oobCode=abc&apiKey=k');
    expect(screen.getByRole('heading', { name: 'Set your new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@example.com');
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Set Password' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(screen.getByText('Unsafe password: use at least 6 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'def');
    expect(screen.getByText('Safe password')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdeg');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdef');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ana@example');
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });
});

describe('ChangePasswordForm (spec 2 Profile, spec 5)', () => {
  it('shows live hints and enables submit only when every rule holds', async () => {
    const user = userEvent.setup();
    renderAt('/profile', <ChangePasswordForm />);
    const submit = screen.getByRole('button', { name: 'Change password' });
    await user.type(screen.getByLabelText('Current password'), 'old-one');
    await user.type(screen.getByLabelText('New password'), 'old');
    expect(screen.getByText('Insecure password: use at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '-one');
    expect(screen.getByText('Safe password')).toBeInTheDocument();
    expect(
      screen.getByText('The new password and the current one cannot be the same'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-on');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm new password'), 'e');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(submit).toBeEnabled();
  });
});
