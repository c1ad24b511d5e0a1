import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AdminMark } from './AdminMark';
import { formatListDate } from '@/shared/table/dates';
import { Avatar } from '@/shared/Avatar';

/**
 * The 'User Preview' card beside the user form (spec 2): logo, e-mail, name, location, admin
 * tick and created date, following the form as the user types.
 */
export function UserPreview({
  logoUrl,
  email,
  name,
  location,
  isAdmin,
  createdAt,
  showAdmin = true,
}: {
  logoUrl: string | null;
  email: string;
  name: string;
  location: string;
  isAdmin: boolean;
  createdAt: Date | null;
  showAdmin?: boolean;
}) {
  const intl = useIntl();
  const rows: Array<[string, ReactNode]> = [
    ['Users.email', email],
    ['Users.name', name],
    ['Users.location', location],
    ...(showAdmin
      ? [['Users.isAdmin', <AdminMark isAdmin={isAdmin} />] as [string, ReactNode]]
      : []),
    ['Users.createdAt', createdAt ? formatListDate(intl, createdAt.getTime()) : ''],
  ];
  return (
    <section className="card" aria-labelledby="user-preview-title">
      <header className="card-header">
        <h2 id="user-preview-title" className="card-header-title">
          <FormattedMessage id="Users.preview" />
        </h2>
      </header>
      <div className="card-content" data-testid="user-preview">
        <div className="has-text-centered mb-4">
          <Avatar
            url={logoUrl}
            name={name}
            alt={intl.formatMessage({ id: 'Users.logoAlt' }, { name })}
            size={96}
          />
        </div>
        <dl>
          {rows.map(([id, value]) => (
            <div key={id} className="columns is-mobile mb-0">
              <dt className="column is-5 has-text-weight-semibold">
                <FormattedMessage id={id} />
              </dt>
              <dd className="column">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
