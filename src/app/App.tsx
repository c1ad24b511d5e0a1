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
          <ToastContainer position="top-right" newestOnTop />
        </I18nProvider>
      </PersistGate>
    </Provider>
  );
}
