import { FormattedMessage, useIntl } from 'react-intl';
import { DateField } from '@/shared/forms/DateField';
import { InputField } from '@/shared/forms/InputField';
import { SelectField } from '@/shared/forms/SelectField';
import { useFormState } from '@/shared/forms/useFormState';
import { AUDITED_COLLECTIONS } from '@/shared/domain/audit';
import { type AuditAuthor } from '../auditApi';
import { auditFilterSchema, EMPTY_FILTER, type AuditFilterForm } from '../filterParams';

/**
 * The audit screen's filters: entity, record id, admin and a date range, on the one form system
 * (shared/forms/useFormState). They apply on Filter (one query per choice, not per keystroke) when
 * they hold: the dates are the app's date pickers (dd/MM/yyyy, spec section 9), and a range that
 * ends before it starts is refused. Clear removes them all. A filter is not a record: leaving with
 * a changed, unapplied filter does not ask for confirmation. The page remounts it (`key`) when the
 * filter in force changes from outside (Back, a History link).
 */
export function AuditFilters({
  value,
  admins,
  onChange,
}: {
  /** The filter in force (from the query string). */
  value: AuditFilterForm;
  /** The admins offered as authors. */
  admins: AuditAuthor[];
  onChange: (next: AuditFilterForm) => void;
}) {
  const intl = useIntl();
  const form = useFormState(auditFilterSchema, value);
  const label = (id: string) => intl.formatMessage({ id });
  const by = form.values.by;

  return (
    <form
      className="audit-filters mb-4"
      onSubmit={form.submit(onChange, false)}
      aria-label={label('Audit.filters')}
      noValidate
    >
      <div className="columns is-multiline is-variable is-2">
        <div className="column is-narrow">
          <SelectField id="audit-entity" label={label('Audit.entity')} {...form.bind('entity')}>
            <option value="">{label('Audit.any')}</option>
            {AUDITED_COLLECTIONS.map((entity) => (
              <option key={entity} value={entity}>
                {label(`Audit.entity.${entity}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="column is-narrow">
          <InputField id="audit-record" label={label('Audit.record')} {...form.bind('record')} />
        </div>
        <div className="column is-narrow">
          <SelectField id="audit-by" label={label('Audit.by')} {...form.bind('by')}>
            <option value="">{label('Audit.any')}</option>
            {admins.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
            {by && !admins.some((a) => a.id === by) ? <option value={by}>{by}</option> : null}
          </SelectField>
        </div>
        {(['from', 'to'] as const).map((field) => {
          // The form holds '' for no date; the date picker speaks null.
          const { value: day, onChange: setDay, ...bound } = form.bind(field);
          return (
            <div key={field} className="column is-narrow">
              <DateField
                id={`audit-${field}`}
                label={label(field === 'from' ? 'Audit.from' : 'Audit.until')}
                value={day || null}
                onChange={(next) => setDay(next ?? '')}
                {...bound}
              />
            </div>
          );
        })}
      </div>
      <div className="buttons">
        <button type="submit" className="button is-primary">
          <FormattedMessage id="Audit.apply" />
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            form.methods.reset(EMPTY_FILTER);
            onChange(EMPTY_FILTER);
          }}
        >
          <FormattedMessage id="Audit.clear" />
        </button>
      </div>
    </form>
  );
}
