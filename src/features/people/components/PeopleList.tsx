/**
 * The students and tutors lists (spec sections 2, 5 and 6) on the shared DataTable: photo, name,
 * e-mail, mobile, country, (tutors: status), created date and actions. The filter searches name,
 * e-mail and id; the signed-in user is left out; tutors without a status are hidden unless
 * "Show all" is on. Deleting asks first and closes the dialog after success (spec section 4).
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectSession } from '@/shared/session';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { Switch } from '@/shared/forms/Switch';
import { BulkDeleteButton } from '@/shared/lists/BulkDeleteButton';
import { removeFailure } from '@/shared/lists/removeFailure';
import { PageCard } from '@/shared/lists/PageCard';
import { useLiveList } from '@/shared/lists/useLiveList';
import { Avatar } from '@/shared/Avatar';
import { csvDate } from '@/shared/table/csv';
import { DataTable } from '@/shared/table/DataTable';
import { useShowAllParam } from '@/shared/table/listState';
import { EmailText } from '@/shared/table/EmailText';
import { ListDate } from '@/shared/table/ListDate';
import { RowActions } from '@/shared/table/RowActions';
import type { EntityListState } from '@/shared/entitySlice';
import { ImportDialog } from '@/shared/import/ImportDialog';
import {
  createPeopleImportWorker,
  importPeopleChunk,
  inviteImported,
} from '../import/importPeopleApi';
import { personImportSpec } from '../import/personImport';
import type { PersonListKind } from '../listKinds';

type Person = Student | Tutor;
const column = createColumnHelper<Person>();

const filterText = (p: Person) => [p.name, p.email, p.id];
const NO_EMAILS: ReadonlySet<string> = new Set();

export interface PeopleListProps<P extends Person> {
  kind: PersonListKind<P>;
}

/** The list page body of students or tutors; see the module comment. */
export function PeopleList<P extends Person>({ kind }: PeopleListProps<P>) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { path, area, entity: slice, list: extras } = kind;
  const state = useAppSelector((s) => s[path]) as unknown as EntityListState<P>;
  const session = useAppSelector(selectSession);
  const [showAll, setShowAll] = useShowAllParam();
  const [toDelete, setToDelete] = useState<Person | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const importSpec = useMemo(() => personImportSpec(path), [path]);

  // The list follows lists/{path} while shown: compact rows (not whole records), live.
  // After the first paint: a reload paints the persisted first page without a second render.
  const { retry, starting } = useLiveList(slice, { afterPaint: true });

  const sessionId = session?.id;
  const data = useMemo(() => {
    const hidden = showAll ? undefined : extras.hidden?.isHidden;
    const all = slice.selectors.selectAll(state);
    // The slice's own array when no row leaves: no copy of 50,000 rows on each live change.
    if (!hidden && !(sessionId !== undefined && sessionId in state.entities)) {
      return all as Person[];
    }
    return all.filter((p) => p.id !== sessionId && !hidden?.(p)) as Person[];
  }, [slice, state, sessionId, extras, showAll]);

  const columns = useMemo<ColumnDef<Person, unknown>[]>(() => {
    const list: ColumnDef<Person, unknown>[] = [
      column.display({
        id: 'photo',
        header: intl.formatMessage({ id: 'People.photo' }),
        meta: { csv: false },
        cell: ({ row }) => (
          <Avatar
            url={row.original.logoUrl}
            name={row.original.name}
            alt={intl.formatMessage({ id: 'People.photoOf' }, { name: row.original.name })}
          />
        ),
      }) as ColumnDef<Person, unknown>,
      column.accessor('name', {
        header: intl.formatMessage({ id: 'People.name' }),
      }) as ColumnDef<Person, unknown>,
      column.accessor('email', {
        header: intl.formatMessage({ id: 'People.email' }),
        cell: ({ row }) => <EmailText email={row.original.email} />,
      }) as ColumnDef<Person, unknown>,
      column.accessor('mobile', {
        header: intl.formatMessage({ id: 'People.mobile' }),
        meta: { className: 'is-nowrap' },
      }) as ColumnDef<Person, unknown>,
      column.accessor('countryId', {
        header: intl.formatMessage({ id: 'People.country' }),
      }) as ColumnDef<Person, unknown>,
    ];
    list.push(...((extras.columns?.(intl) ?? []) as ColumnDef<Person, unknown>[]));
    list.push(
      column.accessor('createdAt', {
        header: intl.formatMessage({ id: 'People.createdAt' }),
        cell: ({ row }) => <ListDate value={row.original.createdAt} />,
        meta: { csv: (row) => csvDate(row.createdAt) },
      }) as ColumnDef<Person, unknown>,
      column.display({
        id: 'actions',
        header: intl.formatMessage({ id: 'People.actions' }),
        meta: { csv: false },
        cell: ({ row }) => (
          <RowActions
            editTo={`/${path}/${row.original.id}`}
            editLabel={intl.formatMessage({ id: 'People.editOf' }, { name: row.original.name })}
            onDelete={() => setToDelete(row.original)}
            deleteLabel={intl.formatMessage({ id: 'People.deleteOf' }, { name: row.original.name })}
          />
        ),
      }) as ColumnDef<Person, unknown>,
    );
    return list;
  }, [intl, extras, path]);

  // The e-mails the list holds: an import skips them without asking the server. Only while the
  // import dialog is open: 50,000 e-mails lower-cased on every live change slowed each remote
  // change's showing.
  const knownEmails = useMemo(
    () =>
      importing
        ? new Set(slice.selectors.selectAll(state).map((p) => p.email.toLowerCase()))
        : NO_EMAILS,
    [slice, state, importing],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await dispatch(slice.remove(toDelete.id));
    if (slice.remove.fulfilled.match(result)) setToDelete(null);
  };

  return (
    <PageCard
      title={`${area}.title`}
      after={
        <>
          <ConfirmDialog
            open={toDelete !== null}
            body={<FormattedMessage id={`${area}.deleteBody`} values={{ name: toDelete?.name }} />}
            loading={state.loading}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setToDelete(null)}
          />
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            title={`Import.title.${path}`}
            specName={path}
            spec={importSpec}
            createWorker={createPeopleImportWorker}
            importChunk={(rows) => importPeopleChunk(path, rows)}
            knownKeys={knownEmails}
            invite={inviteImported}
            fileName={path}
          />
        </>
      }
    >
      {extras.hidden && (
        <div className="field">
          <Switch
            id={`${path}-show-all`}
            label={<FormattedMessage id={extras.hidden.showAll} />}
            checked={showAll}
            onChange={setShowAll}
          />
        </div>
      )}
      <DataTable<Person>
        data={data}
        columns={columns}
        getRowId={(p) => p.id}
        filterText={filterText}
        label={intl.formatMessage({ id: `${area}.title` })}
        csvFileName={path}
        loading={state.loading || starting}
        error={state.loadError}
        onRetry={retry}
        initialSorting={[{ id: 'createdAt', desc: true }]}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (p) => intl.formatMessage({ id: 'Table.selectRow' }, { name: p.name }),
          actions: (rows) => (
            <BulkDeleteButton
              records={rows}
              remove={async (id) =>
                removeFailure(await dispatch(slice.remove({ id, quiet: true })))
              }
              summary={`${area}.deletedSelected`}
              onDone={() => setSelected(new Set())}
            />
          ),
        }}
        actions={
          <>
            <Link className="button is-primary" to={`/${path}/new`}>
              <FormattedMessage id={`${area}.new`} />
            </Link>
            <button type="button" className="button" onClick={() => setImporting(true)}>
              <FormattedMessage id="Import.button" />
            </button>
          </>
        }
      />
    </PageCard>
  );
}
