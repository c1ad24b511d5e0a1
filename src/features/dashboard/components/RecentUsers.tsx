import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

interface SampleUser {
  id: string;
  name: string;
  email: string;
  /** Epoch milliseconds. */
  joinedAt: number;
}

/** Sample rows (spec 1: "a dashboard recent-users list with Approve/Reject links"). */
const SAMPLE_USERS: readonly SampleUser[] = [
  { id: 'u1', name: 'Alicia Tan', email: 'alicia.tan@example.com', joinedAt: Date.UTC(2020, 0, 6) },
  { id: 'u2', name: 'Marcus Lim', email: 'marcus.lim@example.com', joinedAt: Date.UTC(2020, 0, 4) },
  { id: 'u3', name: 'Priya Nair', email: 'priya.nair@example.com', joinedAt: Date.UTC(2020, 0, 1) },
];

/**
 * The recent-users sample list. Its Approve/Reject links lead to the /section placeholder: they
 * are sample content with no behaviour (spec 1).
 */
export function RecentUsers() {
  const intl = useIntl();
  return (
    <div className="card">
      <header className="card-header">
        <h2 className="card-header-title">
          <FormattedMessage id="Dashboard.recentUsers" />
        </h2>
      </header>
      <div className="card-content">
        <ul>
          {SAMPLE_USERS.map((u) => (
            <li key={u.id} className="media">
              <div className="media-content">
                <p className="has-text-weight-semibold">{u.name}</p>
                <p className="is-size-7 has-text-grey">
                  {u.email} ·{' '}
                  <FormattedDate
                    value={u.joinedAt}
                    weekday="short"
                    month="short"
                    day="numeric"
                    year="numeric"
                    timeZone="UTC"
                  />
                </p>
              </div>
              <div className="media-right">
                <Link
                  to="/section"
                  className="has-text-success mr-3"
                  aria-label={intl.formatMessage({ id: 'Dashboard.approveUser' }, { name: u.name })}
                >
                  <FormattedMessage id="Dashboard.approve" />
                </Link>
                <Link
                  to="/section"
                  className="has-text-danger"
                  aria-label={intl.formatMessage({ id: 'Dashboard.rejectUser' }, { name: u.name })}
                >
                  <FormattedMessage id="Dashboard.reject" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
