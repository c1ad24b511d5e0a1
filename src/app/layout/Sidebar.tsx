import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { selectIsAdmin } from '@/features/auth/authSlice';
import { useAppSelector } from '../hooks';
import { visibleNavigation, type NavLinkItem } from './navigation';

function Item({ item }: { item: NavLinkItem }) {
  return (
    <li>
      <NavLink to={item.to} end className={({ isActive }) => (isActive ? 'is-active' : '')}>
        <FormattedMessage id={item.labelId} />
      </NavLink>
    </li>
  );
}

/**
 * The side navigation (spec 2 Layout), filtered by role (spec 6). `open` shows it on narrow
 * screens (below 992px), where it is hidden until the header's burger opens it.
 */
export function Sidebar({ open }: { open: boolean }) {
  const intl = useIntl();
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <nav
      id="app-sidebar"
      className={`app-sidebar menu ${open ? 'is-open' : ''}`}
      aria-label={intl.formatMessage({ id: 'Layout.mainNavigation' })}
    >
      {visibleNavigation(isAdmin).map((group) => (
        <section key={group.labelId} aria-labelledby={group.labelId}>
          <p className="menu-label" id={group.labelId}>
            <FormattedMessage id={group.labelId} />
          </p>
          <ul className="menu-list">
            {group.items.map((item) =>
              'to' in item ? (
                <Item key={item.to} item={item} />
              ) : (
                <li key={item.labelId}>
                  <span className="menu-submenu-label">
                    <FormattedMessage id={item.labelId} />
                  </span>
                  <ul>
                    {item.children.map((child) => (
                      <Item key={child.to} item={child} />
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
    </nav>
  );
}
