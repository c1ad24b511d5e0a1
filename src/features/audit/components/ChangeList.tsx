import { useIntl } from 'react-intl';
import { formatValue, type FieldChange } from '../changes';

/**
 * The changed fields of one audit entry, one per line: 'field: before → after', the arrow named
 * 'to' for screen readers.
 */
export function ChangeList({ changes }: { changes: FieldChange[] }) {
  const intl = useIntl();
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <code>{c.field}</code>: <span>{formatValue(intl, c.field, c.before)}</span>{' '}
          <span aria-label={intl.formatMessage({ id: 'Audit.to' })}>→</span>{' '}
          <strong>{formatValue(intl, c.field, c.after)}</strong>
        </li>
      ))}
    </ul>
  );
}
