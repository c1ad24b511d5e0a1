import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AUDITED_ENTITIES, type AuditAuthor } from '../auditApi';
import { EMPTY_FILTER, type AuditFilterForm } from '../filterParams';

/**
 * The audit screen's filters (issue 17 item 4): entity, record id, admin and a date range. They
 * apply on Filter (one query per choice, not per keystroke); Clear removes them all.
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
  const [form, setForm] = useState(value);
  // A new filter from outside (Back, a History link) replaces what the form holds.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setForm(value);
  }
  const set = (key: keyof AuditFilterForm) => (text: string) =>
    setForm((f) => ({ ...f, [key]: text }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...form, record: form.record.trim() });
  };
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <form className="audit-filters mb-4" onSubmit={submit} aria-label={label('Audit.filters')}>
      <div className="columns is-multiline is-variable is-2">
        <div className="column is-narrow">
          <label className="label" htmlFor="audit-entity">
            <FormattedMessage id="Audit.entity" />
          </label>
          <div className="select">
            <select
              id="audit-entity"
              value={form.entity}
              onChange={(e) => set('entity')(e.target.value)}
            >
              <option value="">{label('Audit.any')}</option>
              {AUDITED_ENTITIES.map((entity) => (
                <option key={entity} value={entity}>
                  {label(`Audit.entity.${entity}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="column is-narrow">
          <label className="label" htmlFor="audit-record">
            <FormattedMessage id="Audit.record" />
          </label>
          <input
            id="audit-record"
            className="input"
            value={form.record}
            onChange={(e) => set('record')(e.target.value)}
          />
        </div>
        <div className="column is-narrow">
          <label className="label" htmlFor="audit-by">
            <FormattedMessage id="Audit.by" />
          </label>
          <div className="select">
            <select id="audit-by" value={form.by} onChange={(e) => set('by')(e.target.value)}>
              <option value="">{label('Audit.any')}</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
              {form.by && !admins.some((a) => a.id === form.by) ? (
                <option value={form.by}>{form.by}</option>
              ) : null}
            </select>
          </div>
        </div>
        <div className="column is-narrow">
          <label className="label" htmlFor="audit-from">
            <FormattedMessage id="Audit.from" />
          </label>
          <input
            id="audit-from"
            className="input"
            type="date"
            value={form.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        </div>
        <div className="column is-narrow">
          <label className="label" htmlFor="audit-to">
            <FormattedMessage id="Audit.until" />
          </label>
          <input
            id="audit-to"
            className="input"
            type="date"
            value={form.to}
            onChange={(e) => set('to')(e.target.value)}
          />
        </div>
      </div>
      <div className="buttons">
        <button type="submit" className="button is-primary">
          <FormattedMessage id="Audit.apply" />
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setForm(EMPTY_FILTER);
            onChange(EMPTY_FILTER);
          }}
        >
          <FormattedMessage id="Audit.clear" />
        </button>
      </div>
    </form>
  );
}
