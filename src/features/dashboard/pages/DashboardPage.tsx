/**
 * / (spec 2: Home / dashboard). Sample content only (spec 1); composed of small components so
 * the statistics work can replace SummaryCards' sample figures with real ones.
 */
import { FormattedMessage } from 'react-intl';
import { selectSession } from '@/features/auth/authSlice';
import { useAppSelector } from '@/app/hooks';
import { NotificationsCard } from '../components/NotificationsCard';
import { RecentUsers } from '../components/RecentUsers';
import { SummaryCards } from '../components/SummaryCards';

export default function DashboardPage() {
  const session = useAppSelector(selectSession);
  return (
    <>
      <h1 className="title">
        <FormattedMessage id="Dashboard.title" />
      </h1>
      <p className="subtitle">
        <FormattedMessage
          id="Dashboard.welcome"
          values={{ name: session?.name || session?.email }}
        />
      </p>
      <SummaryCards />
      <div className="columns">
        <div className="column is-7">
          <RecentUsers />
        </div>
        <div className="column is-5">
          <NotificationsCard />
        </div>
      </div>
    </>
  );
}
