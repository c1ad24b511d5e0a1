import { FormattedMessage } from 'react-intl';
import type { AppError } from '@/shared/errors';

/** The alert shown when the orders, students or tutors behind the figures failed to load. */
export function StatisticsLoadError({ error }: { error: AppError | null }) {
  if (!error) return null;
  return (
    <p className="notification is-danger" role="alert">
      <FormattedMessage id="Common.showError" />
    </p>
  );
}
