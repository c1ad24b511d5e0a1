import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { logout, selectSession } from '@/features/auth/authSlice';
import { NotificationEntry } from '@/features/dashboard/components/NotificationEntry';
import { SAMPLE_NOTIFICATIONS } from '@/features/dashboard/sampleNotifications';
import { useAppDispatch, useAppSelector } from '../hooks';
import { Dropdown } from './Dropdown';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The fixed top bar (spec 2 Layout): burger (narrow screens), product name, sample
 * notifications, language switch, profile dropdown (Profile, Log out).
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
        <Link to="/" className="navbar-item has-text-weight-bold">
          <FormattedMessage id="Auth.appName" />
        </Link>
      </div>
      <div className="app-header-end">
        <Dropdown
          label={intl.formatMessage(
            { id: 'Layout.notifications' },
            { count: SAMPLE_NOTIFICATIONS.length },
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
              <span className="tag is-danger is-rounded is-small ml-1" aria-hidden="true">
                {SAMPLE_NOTIFICATIONS.length}
              </span>
            </>
          }
        >
          {SAMPLE_NOTIFICATIONS.map((n) => (
            <div key={n.id} className="dropdown-item">
              <NotificationEntry notification={n} />
            </div>
          ))}
        </Dropdown>
        <LanguageSwitch />
        <Dropdown
          label={intl.formatMessage({ id: 'Layout.accountMenu' }, { name: who })}
          trigger={
            <>
              {session?.logoUrl && (
                <img
                  className="app-avatar mr-2"
                  src={session.logoUrl}
                  alt=""
                  width={24}
                  height={24}
                />
              )}
              <span className="app-header-name">{who}</span>
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
