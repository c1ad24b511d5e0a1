import { FormattedMessage } from 'react-intl';

/** A full-width loading indicator with a spoken label (route guards, lazy pages). */
export function PageLoader({ messageId = 'Common.loading' }: { messageId?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="loader" aria-hidden="true" />
      <span className="ml-3">
        <FormattedMessage id={messageId} />
      </span>
    </div>
  );
}
