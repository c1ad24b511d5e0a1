/**
 * The signed-in frame (spec 2 Layout): fixed header, side navigation (a burger-opened panel below
 * 992px, spec 9), a notice while the database connection is lost, the page, and the footer.
 * Pages render in <main>, which takes the focus after each navigation so keyboard and
 * screen-reader users start at the new content.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { UnsavedChangesGuard } from '@/shared/forms/UnsavedChangesGuard';
import { AppCountryOptions } from './AppCountryOptions';
import { ConnectionNotice } from './ConnectionNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoader } from './PageLoader';
import { Sidebar } from './Sidebar';
import './layout.css';

export function Layout() {
  const location = useLocation();
  // The mobile menu is open only on the page where it was opened: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className="app-shell">
      <Header
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpenOn(menuOpen ? null : location.key)}
      />
      <div className="app-body">
        <Sidebar open={menuOpen} />
        <div className="app-content">
          <ConnectionNotice />
          <main ref={main} tabIndex={-1} className="app-main section">
            <UnsavedChangesGuard>
              <AppCountryOptions>
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              </AppCountryOptions>
            </UnsavedChangesGuard>
          </main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
