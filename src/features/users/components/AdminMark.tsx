import { useIntl } from 'react-intl';

/** The admin flag as a tick or a cross (spec 2), with a text for screen readers. */
export function AdminMark({ isAdmin }: { isAdmin: boolean }) {
  const intl = useIntl();
  return (
    <span
      role="img"
      aria-label={intl.formatMessage({ id: isAdmin ? 'Users.adminYes' : 'Users.adminNo' })}
      className={isAdmin ? 'has-text-success' : 'has-text-grey'}
    >
      {isAdmin ? '✔' : '✘'}
    </span>
  );
}
