import { FormattedMessage, useIntl } from 'react-intl';
import { SAMPLE_NOTIFICATIONS, sampleAge } from '../sampleNotifications';

/** The sample notifications list of the dashboard (spec 1), times relative in the locale. */
export function NotificationsCard() {
  const intl = useIntl();
  return (
    <div className="card">
      <header className="card-header">
        <h2 className="card-header-title">
          <FormattedMessage id="Dashboard.notifications" />
        </h2>
      </header>
      <div className="card-content">
        <ul>
          {SAMPLE_NOTIFICATIONS.map((n) => {
            const age = sampleAge(n.minutesAgo);
            return (
              <li key={n.id} className="mb-3">
                <p>
                  <FormattedMessage id={n.messageId} />
                </p>
                <p className="is-size-7 has-text-grey">
                  {intl.formatRelativeTime(age.value, age.unit, { numeric: 'auto' })}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
