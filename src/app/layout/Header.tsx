import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { logout, selectSession } from '@/features/auth/authSlice';
import { NotificationEntry } from '@/features/dashboard/components/NotificationEntry';
import { useNotifications } from '@/features/dashboard/useNotifications';
import { useAppDispatch, useAppSelector } from '../hooks';
import { Avatar } from '@/shared/Avatar';
import { Dropdown } from './Dropdown';
import { LanguageSwitch } from '@/shared/i18n/LanguageSwitch';

/**
 * The fixed top bar (spec 2 Layout): burger (narrow screens), product name, an admin's
 * notifications (orders waiting for approval or expiring, each a link to them; staff, whom none
 * concern, have no bell), language switch, profile dropdown (Profile, Log out). From 320 px up
 * every control stays on screen, a phone being the narrowest screen in use: the product name
 * gives way (ellipsis), the account button keeps its picture when the name is hidden.
 */
export function Header({
  menuOpen,
  onToggleMenu,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const who = session?.name || session?.email || '';
  // Not shown to staff; items null until the admin's figures have been read.
  const { shown: bell, items: notifications } = useNotifications();

  return (
    <header className="app-header navbar is-fixed-top has-shadow">
      <div className="navbar-brand">
        <button
          type="button"
          className={`app-burger navbar-burger ${menuOpen ? 'is-active' : ''}`}
          aria-label={intl.formatMessage({ id: menuOpen ? 'Layout.closeMenu' : 'Layout.openMenu' })}
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={onToggleMenu}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <Link to="/" className="navbar-item has-text-weight-bold app-brand">
          <FormattedMessage id="Auth.appName" />
        </Link>
      </div>
      <div className="app-header-end">
        {bell && (
          <Dropdown
            label={intl.formatMessage(
              { id: 'Layout.notifications' },
              { count: notifications?.length ?? 0 },
            )}
            trigger={
              <>
                <svg
                  aria-hidden="true"
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="currentColor"
                >
                  <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
                </svg>
                {notifications && notifications.length > 0 && (
                  <span
                    className="app-bell-count tag is-danger is-rounded is-small"
                    aria-hidden="true"
                  >
                    {notifications.length}
                  </span>
                )}
              </>
            }
          >
            {notifications === null ? (
              <p className="dropdown-item" role="status">
                <FormattedMessage id="Common.loading" />
              </p>
            ) : notifications.length === 0 ? (
              <p className="dropdown-item">
                <FormattedMessage id="Dashboard.notification.none" />
              </p>
            ) : (
              notifications.map((n) => (
                <NotificationEntry key={n.id} notification={n} className="dropdown-item" />
              ))
            )}
          </Dropdown>
        )}
        <LanguageSwitch />
        <Dropdown
          label={intl.formatMessage({ id: 'Layout.accountMenu' }, { name: who })}
          trigger={
            <>
              {/* Always a picture or an initial: below 992 px the name is hidden, and the
                  button must still show (it was an empty 32x16 box). */}
              {session?.logoUrl ? (
                <Avatar url={session.logoUrl} name={who} alt="" size={24} />
              ) : (
                // An icon, not the initial: the button's name must contain its visible text.
                <svg
                  aria-hidden="true"
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  fill="currentColor"
                >
                  <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
                </svg>
              )}
              <span className="app-header-name ml-2">{who}</span>
            </>
          }
        >
          <Link to="/profile" className="dropdown-item">
            <FormattedMessage id="Layout.profile" />
          </Link>
          <hr className="dropdown-divider" />
          <button
            type="button"
            className="dropdown-item button is-white is-fullwidth is-justify-content-flex-start"
            onClick={() => void dispatch(logout())}
          >
            <FormattedMessage id="Layout.logout" />
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
