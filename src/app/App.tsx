import { useIntl } from 'react-intl';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { PersistGate } from 'redux-persist/integration/react';
import { I18nProvider } from './i18n/I18nProvider';
import { router } from './router';
import { persistor, store } from './store';

/** The application root: store (rehydrated from IndexedDB first), languages, routes, toasts. */
export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <I18nProvider>
          <RouterProvider router={router} />
          <Toasts />
        </I18nProvider>
      </PersistGate>
    </Provider>
  );
}

/** The toasts' region, named in the visitor's language (react-toastify's default is English). */
function Toasts() {
  const intl = useIntl();
  return (
    <ToastContainer
      position="top-right"
      newestOnTop
      aria-label={intl.formatMessage({ id: 'Common.notifications' })}
    />
  );
}
