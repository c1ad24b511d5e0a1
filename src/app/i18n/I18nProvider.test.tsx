import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { useLocale } from '@/shared/i18n/LocaleContext';
import { I18nProvider } from './I18nProvider';

/** Shows a core message, a message of the full catalogue only, and asks for the full one. */
function Probe() {
  const { fullCatalogue, requestFullCatalogue } = useLocale();
  return (
    <>
      <p>
        <FormattedMessage id="Auth.loginHeading" />
      </p>
      <p data-testid="full-only">
        <FormattedMessage id="People.basicProfile" defaultMessage="(missing)" />
      </p>
      <p>{fullCatalogue ? 'full catalogue' : 'core catalogue'}</p>
      <button type="button" onClick={requestFullCatalogue}>
        Open a signed-in screen
      </button>
    </>
  );
}

describe('I18nProvider (/login downloads only the core catalogue)', () => {
  it('loads the core catalogue first and the full one only once a screen asks for it', async () => {
    document.cookie = 'locale=en; path=/';
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('Sign in to your account')).toBeInTheDocument();
    // Given time, the full catalogue still does not come by itself.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.getByText('core catalogue')).toBeInTheDocument();
    expect(screen.getByTestId('full-only')).toHaveTextContent('(missing)');

    await userEvent.click(screen.getByRole('button', { name: 'Open a signed-in screen' }));
    expect(await screen.findByText('full catalogue')).toBeInTheDocument();
    expect(screen.getByTestId('full-only')).toHaveTextContent('Basic Profile');
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
  });

  it("loads a public page's words with the core when it opens on one, and /login's core without them", async () => {
    document.cookie = 'locale=en; path=/';
    const publicWord = () => (
      <p data-testid="public">
        <FormattedMessage id="Public.qr.title" defaultMessage="(missing)" />
      </p>
    );
    const core = render(<I18nProvider>{publicWord()}</I18nProvider>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.getByTestId('public')).toHaveTextContent('(missing)');
    core.unmount();

    render(
      <I18nProvider firstScope="public">
        <Probe />
        {publicWord()}
      </I18nProvider>,
    );
    expect(await screen.findByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByTestId('public')).not.toHaveTextContent('(missing)');
    expect(screen.getByText('core catalogue')).toBeInTheDocument();
  });
});
