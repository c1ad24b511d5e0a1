import { useIntl } from 'react-intl';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from './i18n/I18nProvider';
import { router } from './router';
import { useAppSelector } from './hooks';
import { sessionRestored, store } from './store';
import { loadToastify, toastContainerMounted, useToastsRequested } from './toasts';

/**
 * The application root: store (the session restored from IndexedDB first), languages, routes,
 * toasts.
 */
export function App() {
  return (
    <Provider store={store}>
      <SessionGate>
        <I18nProvider>
          <RouterProvider router={router} />
          <Toasts />
        </I18nProvider>
      </SessionGate>
    </Provider>
  );
}

/**
 * Renders nothing until the persisted session is back, so that the guards never send a signed-in
 * visitor to /login. Unlike redux-persist's PersistGate it does not wait for the lists: their first
 * page arrives from IndexedDB while the screen paints.
 */
function SessionGate({ children }: { children: ReactNode }) {
  return useAppSelector(sessionRestored) ? children : null;
}

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/**
 * The toasts' region, named in the visitor's language (react-toastify's default is English),
 * mounted with the first toast (src/app/toasts.ts: the library is not part of /login's code).
 */
function Toasts() {
  const intl = useIntl();
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        newestOnTop
        aria-label={intl.formatMessage({ id: 'Common.notifications' })}
      />
      <ToastContainerMounted />
    </Suspense>
  );
}

/**
 * Reports the container mounted, after its subscription (a sibling's effects run first) and after
 * StrictMode's development re-run of effects (a timer comes after both).
 */
function ToastContainerMounted() {
  useEffect(() => {
    const timer = setTimeout(toastContainerMounted);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
