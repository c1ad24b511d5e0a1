import { FormattedMessage, useIntl } from 'react-intl';
import type { RemoteChanges } from './remoteChangesContext';

/**
 * What a form says when another admin changed or deleted its record meanwhile: changed: the
 * warning, the fields they changed (by the form's labels where the form shows the field, else the
 * record's field name) and Reload (the stored values replace the form's); deleted: that it was
 * deleted (`Form` then disables saving). Nothing while the record is as loaded. A Bulma warning
 * with role="alert", so screen readers announce it when it appears.
 */
export function RemoteChangesNotice({
  remote,
  labelOf,
}: {
  remote: RemoteChanges<object>;
  /** The form's label of a record field, or undefined where the form has none. */
  labelOf: (field: string) => string | undefined;
}) {
  const intl = useIntl();
  if (remote.status === 'same') return null;
  if (remote.status === 'deleted') {
    return (
      <div className="notification is-warning" role="alert">
        <FormattedMessage id="Common.remoteDeleted" />
      </div>
    );
  }
  const fields = remote.changedFields.map((f) => labelOf(f) ?? f);
  return (
    <div className="notification is-warning" role="alert">
      <p>
        <FormattedMessage id="Common.remoteChanged" />
      </p>
      {fields.length > 0 && (
        <p className="mt-2">
          <FormattedMessage
            id="Common.remoteChangedFields"
            values={{ fields: intl.formatList([...new Set(fields)]) }}
          />
        </p>
      )}
      <button type="button" className="button is-warning is-light mt-3" onClick={remote.reload}>
        <FormattedMessage id="Common.reload" />
      </button>
    </div>
  );
}
