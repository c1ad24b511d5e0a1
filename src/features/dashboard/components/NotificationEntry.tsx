import { FormattedMessage, useIntl } from 'react-intl';
import { sampleAge, type SampleNotification } from '../sampleNotifications';

/**
 * One sample notification (spec 1): its text and how long ago, relative in the locale. The
 * header's notifications menu and the dashboard's card wrap it in their own item element.
 */
export function NotificationEntry({ notification }: { notification: SampleNotification }) {
  const intl = useIntl();
  const age = sampleAge(notification.minutesAgo);
  return (
    <>
      <p>
        <FormattedMessage id={notification.messageId} />
      </p>
      <p className="is-size-7 has-text-grey">
        {intl.formatRelativeTime(age.value, age.unit, { numeric: 'auto' })}
      </p>
    </>
  );
}
