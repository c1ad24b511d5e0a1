import { FormattedMessage } from 'react-intl';
import { SAMPLE_NOTIFICATIONS } from '../sampleNotifications';
import { NotificationEntry } from './NotificationEntry';

/** The sample notifications list of the dashboard (spec 1), times relative in the locale. */
export function NotificationsCard() {
  return (
    <div className="card">
      <header className="card-header">
        <h2 className="card-header-title">
          <FormattedMessage id="Dashboard.notifications" />
        </h2>
      </header>
      <div className="card-content">
        <ul>
          {SAMPLE_NOTIFICATIONS.map((n) => (
            <li key={n.id} className="mb-3">
              <NotificationEntry notification={n} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
