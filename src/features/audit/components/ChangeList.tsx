import { useIntl } from 'react-intl';
import { formatValue, type FieldChange } from '../changes';
import { fieldLabel } from '../labels';

/**
 * The changed fields of one audit entry of a record of `entity`, one per line: 'Field: before →
 * after', the field by its form's label (labels.ts), the arrow named 'to' for screen readers.
 */
export function ChangeList({ entity, changes }: { entity: string; changes: FieldChange[] }) {
  const intl = useIntl();
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="has-text-weight-semibold">{fieldLabel(intl, entity, c.field)}</span>:{' '}
          <span>{formatValue(intl, c.field, c.before)}</span>{' '}
          <span aria-label={intl.formatMessage({ id: 'Audit.to' })}>→</span>{' '}
          <strong>{formatValue(intl, c.field, c.after)}</strong>
        </li>
      ))}
    </ul>
  );
}
