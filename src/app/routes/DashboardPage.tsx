/**
 * / (spec 2: Home / dashboard). Admins see real figures (DashboardStatistics: students, tutors,
 * matched subjects, orders per month, pending approvals, orders close to expiry) in place of the
 * sample summary and recent-users list; the notifications card stays sample content (spec 1).
 */
import { DocumentTitle } from '@/shared/DocumentTitle';
import { FormattedMessage } from 'react-intl';
import { selectIsAdmin, selectSession } from '@/shared/session';
import { useAppSelector } from '@/app/hooks';
import { DashboardStatistics } from '@/features/statistics/components/DashboardStatistics';
import { NotificationsCard } from '@/features/dashboard/components/NotificationsCard';

export default function DashboardPage() {
  const session = useAppSelector(selectSession);
  // Real figures come from admin data (spec 6), so only admins get them.
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <>
      <DocumentTitle title="Dashboard.title" />
      <h1 className="title">
        <FormattedMessage id="Dashboard.title" />
      </h1>
      <p className="subtitle">
        <FormattedMessage
          id="Dashboard.welcome"
          values={{ name: session?.name || session?.email }}
        />
      </p>
      {isAdmin && <DashboardStatistics />}
      <div className="columns">
        <div className="column is-5">
          <NotificationsCard />
        </div>
      </div>
    </>
  );
}
