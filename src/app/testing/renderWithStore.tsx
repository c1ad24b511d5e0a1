import type { Store } from '@reduxjs/toolkit';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { messages } from '../i18n/allMessages';

/**
 * Renders `screen` in a component test as the app surrounds it: the test's `store` (its slices
 * and in-memory apis), the English catalogue (react-intl) and an in-memory router at `/`. For
 * unit tests only; the app's own providers are in App.tsx and router.tsx.
 */
export function renderWithStore(store: Store, screen: ReactNode): RenderResult {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages.en}>
        <MemoryRouter>{screen}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}
