/** STUB (lead): the shell engineer implements the layout. */
import { Outlet } from 'react-router-dom';

export function Layout() {
  return <Outlet />;
}
