import { useIntl } from 'react-intl';
import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from './i18n/I18nProvider';
import { firstCatalogueScope, router } from './router';
import { loadToastify, toastContainerMounted, useToastsRequested } from './toasts';

/**
 * The application root: languages, routes, toasts. The store and the session are not here: the
 * router loads them (session.tsx) for every route but the public pages, which need neither.
 */
export function App() {
  return (
    <I18nProvider firstScope={firstCatalogueScope}>
      <RouterProvider router={router} />
      <Toasts />
    </I18nProvider>
  );
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
