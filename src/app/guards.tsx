/**
 * Route guards (spec 2 Route list, spec 6 Roles).
 * - RequireAuth: signed-out visitors go to /login, which sends them back where they were going
 *   (`location.state.from`) after signing in.
 * - RequireAdmin: non-admins go to / (spec 6).
 * - RedirectIfSignedIn: a signed-in visitor on /login or /recover-password goes to / (or to the
 *   page RequireAuth remembered).
 * While the session is being restored at start-up, a loading indicator is shown instead of a
 * redirect, so a reload never flashes the login page.
 */
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { selectIsAdmin, selectRestoring, selectSession } from '@/features/auth/authSlice';
import { useAppSelector } from './hooks';
import { PageLoader } from './layout/PageLoader';

/** What RequireAuth leaves in the location state of /login. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function RequireAuth() {
  const session = useAppSelector(selectSession);
  const restoring = useAppSelector(selectRestoring);
  const location = useLocation();
  if (session) return <Outlet />;
  if (restoring) return <PageLoader messageId="Auth.restoring" />;
  const state: FromState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return <Navigate to="/login" replace state={state} />;
}

export function RequireAdmin() {
  const isAdmin = useAppSelector(selectIsAdmin);
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}

export function RedirectIfSignedIn() {
  const session = useAppSelector(selectSession);
  const location = useLocation();
  if (!session) return <Outlet />;
  const from = (location.state as FromState | null)?.from;
  const to = from && from.pathname !== '/login' ? from : '/';
  return <Navigate to={to} replace />;
}
