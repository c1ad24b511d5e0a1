import { FormattedMessage } from 'react-intl';
import type { AppError } from '@/shared/errors';

/** The alert shown when a read behind the figures failed (stats/ nodes or the order lists). */
export function StatisticsLoadError({ error }: { error: AppError | null }) {
  if (!error) return null;
  return (
    <p className="notification is-danger" role="alert">
      <FormattedMessage id="Common.showError" />
    </p>
  );
}
