import { FormattedMessage } from 'react-intl';
import type { AppError } from '@/shared/errors';

/** The translated message of an AppError (spec 8), as an alert; nothing when there is none. */
export function ErrorMessage({ error }: { error: AppError | null }) {
  if (!error?.messageId) return null;
  return (
    <div className="notification is-danger is-light" role="alert">
      <FormattedMessage id={error.messageId} />
    </div>
  );
}
