import { FormattedMessage } from 'react-intl';
import { useConnectionLost } from '@/shared/connection';

/**
 * The signed-in frame's notice that the database connection is lost (shared/connection), kept in
 * view below the fixed header; an alert, so screen readers announce it when it appears. Gone as
 * soon as the connection is back.
 */
export function ConnectionNotice() {
  const lost = useConnectionLost();
  if (!lost) return null;
  return (
    <div className="notification is-warning app-connection-notice" role="alert">
      <FormattedMessage id="Layout.connectionLost" />
    </div>
  );
}
