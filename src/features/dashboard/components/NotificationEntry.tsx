import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { EXPIRY_HORIZON_DAYS } from '@/shared/expiryWindow';
import type { AdminNotification } from '../notifications';

/**
 * One notification as a link to the orders it counts ('15 orders are waiting for approval').
 * The header's notifications menu and the dashboard's card give it their own class.
 */
export function NotificationEntry({
  notification,
  className,
}: {
  notification: AdminNotification;
  className?: string;
}) {
  return (
    <Link to={notification.to} className={className}>
      <FormattedMessage
        id={notification.messageId}
        values={{ count: notification.count, days: EXPIRY_HORIZON_DAYS }}
      />
    </Link>
  );
}
