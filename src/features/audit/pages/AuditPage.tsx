/**
 * /audit (admins only, like every registered screen): who changed which record, when, and the
 * changed fields before and after, newest first, in the generic DataTable. The filters (entity,
 * record, admin, dates) are read through the log's indexes, 50 entries at a time ('Load older
 * entries' reads the next page); they live in the query string, so a record form's History link
 * (`/audit?record=<id>`) opens that record's history.
 *
 * A row is one user action (groups.ts: the entries of one write, e.g. a "move up" that rewrote
 * the order of 15 subjects), fields are named by their forms' labels and files by their names
 * (labels.ts).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageCard } from '@/shared/lists/PageCard';
import { auditAuthor } from '@/shared/domain/audit';
import { csvDateTime } from '@/shared/table/csv';
import { DataTable } from '@/shared/table/DataTable';
import { useSearchParamsState } from '@/shared/table/listState';
import { changesText, fieldChanges } from '../changes';
import { ChangeList } from '../components/ChangeList';
import { AuditFilters } from '../components/AuditFilters';
import { parseFilter, toAuditFilter, writeFilter } from '../filterParams';
import { groupEntries } from '../groups';
import { useAuditLog } from '../useAuditLog';

/** When: date and time to the second, in the visitor's language. */
const AT_FORMAT = { dateStyle: 'medium', timeStyle: 'medium' } as const;

export default function AuditPage() {
  const intl = useIntl();
  const [form, setForm] = useSearchParamsState(parseFilter, writeFilter);
  const filter = useMemo(() => toAuditFilter(form), [form]);
  const log = useAuditLog(filter);
  const nameOf = useMemo(() => new Map(log.admins.map((a) => [a.id, a.name])), [log.admins]);

  const rows = useMemo(
    () =>
      groupEntries(log.entries).map(({ id, entries }) => {
        const first = entries[0]!;
        return {
          id,
          at: first.at,
          authType: first.authType,
          by: first.by,
          action: first.action,
          entities: [...new Set(entries.map((e) => e.entity))],
          records: entries.map((e) => ({
            entity: e.entity,
            recordId: e.recordId,
            changes: fieldChanges(e.before, e.after),
          })),
        };
      }),
    [log.entries],
  );
  type Row = (typeof rows)[number];
  const authorText = useCallback(
    (row: Row) => {
      const author = auditAuthor(row);
      return 'uid' in author
        ? (nameOf.get(author.uid) ?? author.uid)
        : intl.formatMessage({ id: author.messageId });
    },
    [intl, nameOf],
  );
  const text = useCallback(
    (row: Row) => ({
      at: intl.formatDate(row.at, AT_FORMAT),
      by: authorText(row),
      action: intl.formatMessage({ id: `Audit.action.${row.action}` }),
      entity: row.entities
        .map((entity) => intl.formatMessage({ id: `Audit.entity.${entity}` }))
        .join(', '),
      record:
        row.records.length === 1
          ? row.records[0]!.recordId
          : intl.formatMessage({ id: 'Audit.records' }, { count: row.records.length }),
      changes: row.records
        .map((r) => {
          const lines = changesText(intl, r.entity, r.changes);
          return row.records.length === 1 ? lines : `${r.recordId}\n${lines}`;
        })
        .join('\n'),
    }),
    [intl, authorText],
  );
  const filterText = useCallback(
    (row: Row) => {
      const t = text(row);
      return [t.at, t.by, t.action, t.entity, ...row.records.map((r) => r.recordId), t.changes];
    },
    [text],
  );

  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: 'at',
        accessorKey: 'at',
        header: intl.formatMessage({ id: 'Audit.at' }),
        cell: ({ row }) => (
          <time dateTime={new Date(row.original.at).toISOString()}>{text(row.original).at}</time>
        ),
        meta: { csv: (row) => csvDateTime(row.at), priority: 0 },
      },
      {
        id: 'by',
        accessorFn: (row) => text(row).by,
        header: intl.formatMessage({ id: 'Audit.by' }),
      },
      {
        id: 'action',
        accessorFn: (row) => text(row).action,
        header: intl.formatMessage({ id: 'Audit.action' }),
      },
      {
        id: 'entity',
        accessorFn: (row) => text(row).entity,
        header: intl.formatMessage({ id: 'Audit.entity' }),
      },
      {
        id: 'recordId',
        accessorFn: (row) => text(row).record,
        header: intl.formatMessage({ id: 'Audit.record' }),
      },
      {
        id: 'changes',
        accessorFn: (row) => text(row).changes,
        header: intl.formatMessage({ id: 'Audit.changes' }),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.records.length === 1 ? (
            <ChangeList
              entity={row.original.records[0]!.entity}
              changes={row.original.records[0]!.changes}
            />
          ) : (
            <ul>
              {row.original.records.map((r) => (
                <li key={`${r.entity}/${r.recordId}`}>
                  <span className="is-family-monospace">{r.recordId}</span>
                  <ChangeList entity={r.entity} changes={r.changes} />
                </li>
              ))}
            </ul>
          ),
        meta: { priority: 1 },
      },
    ],
    [intl, text],
  );

  return (
    <PageCard title="Audit.title">
      <AuditFilters
        key={JSON.stringify(form)}
        value={form}
        admins={log.admins}
        onChange={setForm}
      />
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        filterText={filterText}
        label={intl.formatMessage({ id: 'Audit.title' })}
        csvFileName="audit-log"
        loading={log.loading}
        error={log.error}
        onRetry={log.retry}
        initialSorting={[{ id: 'at', desc: true }]}
        initialPageSize={50}
      />
      {log.next ? (
        <button
          type="button"
          className="button mt-4"
          onClick={log.loadOlder}
          disabled={log.loading}
        >
          <FormattedMessage id="Audit.loadOlder" />
        </button>
      ) : null}
    </PageCard>
  );
}
