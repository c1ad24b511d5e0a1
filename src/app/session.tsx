/**
 * The session's side of the app, loaded by the router (router.tsx) for every route but the public
 * pages and the e-mail action page: the Redux store (its session restored from IndexedDB), the
 * route guards, and Firebase Auth's listener, loaded once the session is restored. The QR,
 * payment and chart pages (spec 6, opened from a link on a phone) render without any of it: their
 * entry is React, the router and the words only (docs/performance.md, "The public pages on a
 * phone").
 */
import type { ReactNode } from 'react';
// The Bulma rules beyond the first paint's (vite.config.ts trimBulma), then the shell's own, which
// must come after them.
import 'bulma/css/bulma.min.css?part=rest';
import './styles.css';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { sessionRestored, store, whenSessionRestored } from './store';

export { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';

// Follows Firebase Auth only once the persisted session is back from IndexedDB, so the restored
// session is compared with (and refreshed from) what Auth reports, never overwritten by the
// rehydration afterwards. Once per page load: this module is evaluated once. The SDK is loaded
// meanwhile, not before the first screen renders (/login's first paint needs none of it).
whenSessionRestored(store, () => {
  import('@/features/auth/sessionListener').then(
    ({ startSessionListener }) => startSessionListener(store),
    (error: unknown) => console.error('Firebase Auth did not load', error),
  );
});

/** Route element of every route that needs the session: the store, then its child routes. */
export function SessionRoot() {
  return (
    <Provider store={store}>
      <SessionGate>
        <Outlet />
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
