/** STUB (lead): the shell engineer implements the guards with the session. */
import { Outlet } from 'react-router-dom';

export function RequireAuth() {
  return <Outlet />;
}
export function RequireAdmin() {
  return <Outlet />;
}
export function RedirectIfSignedIn() {
  return <Outlet />;
}
