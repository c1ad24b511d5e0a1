import { FormattedMessage } from 'react-intl';
import { useNotifications } from '../useNotifications';
import { NotificationEntry } from './NotificationEntry';

/**
 * The dashboard's notifications (the header bell's, useNotifications): what waits for the admin,
 * each a link to those orders, or that nothing does. Nothing for staff, whom none concern.
 */
export function NotificationsCard() {
  const { shown, items: notifications } = useNotifications();
  if (!shown) return null;
  return (
    <section className="card" aria-labelledby="dashboard-notifications">
      <header className="card-header">
        <h2 className="card-header-title" id="dashboard-notifications">
          <FormattedMessage id="Dashboard.notifications" />
        </h2>
      </header>
      <div className="card-content">
        {notifications === null ? (
          <p role="status">
            <FormattedMessage id="Common.loading" />
          </p>
        ) : notifications.length === 0 ? (
          <p>
            <FormattedMessage id="Dashboard.notification.none" />
          </p>
        ) : (
          <ul>
            {notifications.map((n) => (
              <li key={n.id} className="mb-3">
                <NotificationEntry notification={n} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
