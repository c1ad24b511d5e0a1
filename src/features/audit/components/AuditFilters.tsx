import { FormattedMessage, useIntl } from 'react-intl';
import * as z from '@/shared/zod';
import { InputField } from '@/shared/forms/InputField';
import { SelectField } from '@/shared/forms/SelectField';
import { useFormState } from '@/shared/forms/useFormState';
import { AUDITED_ENTITIES, type AuditAuthor } from '../auditApi';
import { EMPTY_FILTER, type AuditFilterForm } from '../filterParams';

/** The filter form's schema: texts ('' for no filter), the record id trimmed. */
const filterSchema = z.object({
  entity: z.string(),
  record: z.string().check(z.trim()),
  by: z.string(),
  from: z.string(),
  to: z.string(),
});

/**
 * The audit screen's filters (issue 17 item 4): entity, record id, admin and a date range, on the
 * one form system (shared/forms/useFormState). They apply on Filter (one query per choice, not per
 * keystroke); Clear removes them all. A filter is not a record: leaving with a changed, unapplied
 * filter does not ask for confirmation. The page remounts it (`key`) when the filter in force
 * changes from outside (Back, a History link).
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
  const form = useFormState(filterSchema, value);
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
            {AUDITED_ENTITIES.map((entity) => (
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
        {(['from', 'to'] as const).map((field) => (
          <div key={field} className="column is-narrow">
            <InputField
              id={`audit-${field}`}
              label={label(field === 'from' ? 'Audit.from' : 'Audit.until')}
              type="date"
              {...form.bind(field)}
            />
          </div>
        ))}
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
