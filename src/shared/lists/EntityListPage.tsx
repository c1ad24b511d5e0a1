/**
 * The list screen of a reference-data entity (spec sections 2, 3 and 5): browsing levels, field
 * levels, schools, subjects. A card titled with the list's name, a DataTable (filter, sorting,
 * paging, CSV export, 'Show error' when the load failed) with a New button, and per row Edit and
 * a Delete confirmed first (spec section 4: the success or error toast comes from the thunk; the
 * dialog closes either way).
 *
 * Lists sorted by `order` that admins reorder (spec section 3: field levels, schools, subjects)
 * pass `reorder`: they also get up/down buttons per row, a Status column, and hide obsolete rows
 * unless 'Show all' is on (hidden rows keep their place, see shared/reorder). 'Show all' lives in
 * the query string (`all=1`) beside the table's own search, sort and page, so Back, a reload and a
 * shared link restore it.
 *
 * Rows can be selected (a page, or every row the search matches) to be exported or deleted
 * together: one confirmation naming the count, each delete the single one's, one summary
 * (shared/table DataTable `selection`, ./BulkDeleteButton).
 *
 * 'Loading…' shows from the first frame until the first read settles; a failed read offers Retry;
 * after a delete, focus goes to the table (the row that held it is gone).
 *
 * Lists whose records students and tutors refer to pass `references`: their delete dialog first
 * counts the uses and, for a used record, offers to mark it obsolete instead
 * (DeleteReferenceDialog).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { useCountryListing } from '../countries/useCountryListing';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import type { ReferencedCollection } from '../domain/derived/references';
import type { RemoveRequest } from '../entitySlice';
import type { AppError } from '../errors';
import { Switch } from '../forms/Switch';
import { useReorder, type OrderChanges } from '../reorder';
import { BulkDeleteButton } from './BulkDeleteButton';
import { removeFailure } from './removeFailure';
import { DataTable } from '../table/DataTable';
import { useShowAllParam } from '../table/listState';
import { MoveButtons } from '../table/MoveButtons';
import { RowActions } from '../table/RowActions';
import { DeleteReferenceDialog } from './DeleteReferenceDialog';
import { PageCard } from './PageCard';
import { useLiveList, type Watchable } from './useLiveList';

/** A dispatched async thunk (createAsyncThunk); its own argument types do not matter here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Thunk = (dispatch: any, getState: any, extra: any) => Promise<unknown>;

/** What a row of such a list has (spec section 3). */
export interface ListedRecord {
  id: string;
  name: string;
  /** Sort key, 0 or more. */
  order: number;
  /** Only lists with `reorder` read it. */
  isObsolete?: boolean;
}

export interface EntityListPageProps<T extends ListedRecord, S> {
  /**
   * Catalogue prefix of the texts, e.g. 'FieldLevels': `.title` (heading and table name),
   * `.new`, `.name`, `.order`, `.actions`, `.editNamed`, `.deleteNamed` (with `{name}`),
   * `.confirmDelete` (with `{name}`); with `reorder` also `.status`, `.active`, `.obsolete`,
   * `.showAll`, `.moveUp`, `.moveDown`.
   */
  messagePrefix: string;
  /** The list's route, e.g. '/field-levels'; rows link to `${path}/${id}`, New to `${path}/new`. */
  path: string;
  /** The list's name in ids and file names: the CSV export and the Show all switch's id. */
  name: string;
  /** The slice's thunks (shared/entitySlice): loaded on mount, removed after confirmation. */
  entity: Watchable & {
    remove: (request: RemoveRequest) => Thunk;
    /** The slice's modify, given `{ id, changes: { isObsolete: true } }` (lists with reorder). */
    modify?: (input: never) => Thunk;
  };
  /** Every record, sorted by `order`. */
  selectAll: (state: S) => T[];
  /** The slice's flags: `loadError` (not `error`) decides 'Show error' (spec section 2). */
  selectState: (state: S) => { loading: boolean; loadError: AppError | null };
  /**
   * The list's own columns, shown between Name (first) and Order, Status and Actions (last),
   * which this page adds.
   */
  columns?: ColumnDef<T, unknown>[];
  /** Texts of a row the filter searches (spec section 5); default its name (and country). */
  filterText?: (row: T) => Array<string | number | null | undefined>;
  /**
   * Catalogue id of a Country column's header, for records with a `countryId` (field levels,
   * schools, subjects): the column comes first among the list's own and the filter also matches
   * the country's code and name (spec section 5; shared/countries/useCountryListing).
   */
  countryHeader?: string;
  /** The slice's reorder thunk (shared/reorder); makes the list reorderable, see above. */
  reorder?: (changes: OrderChanges) => Thunk;
  /**
   * The collection students and tutors refer to by this list's ids: a delete counts the uses
   * first (see the module comment). Lists with `reorder` have `isObsolete` and offer to set it.
   */
  references?: ReferencedCollection;
}

const NO_COLUMNS: never[] = [];

/** See the module comment. */
export function EntityListPage<T extends ListedRecord, S>({
  messagePrefix: prefix,
  path,
  name,
  entity,
  selectAll,
  selectState,
  columns: ownColumns = NO_COLUMNS,
  filterText: ownFilterText,
  countryHeader,
  reorder,
  references,
}: EntityListPageProps<T, S>) {
  const country = useCountryListing<T & { countryId: string }>(countryHeader);
  const columns = useMemo(
    () =>
      countryHeader ? [country.countryColumn as ColumnDef<T, unknown>, ...ownColumns] : ownColumns,
    [countryHeader, country.countryColumn, ownColumns],
  );
  const filterText =
    ownFilterText ??
    (countryHeader ? (country.filterText as (row: T) => string[]) : (row: T) => [row.name]);
  const intl = useIntl();
  const t = useCallback(
    (id: string, values?: Record<string, string>) =>
      intl.formatMessage({ id: `${prefix}.${id}` }, values),
    [intl, prefix],
  );
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const all = useSelector(selectAll);
  const { loading, loadError } = useSelector(selectState);
  const [showAll, setShowAll] = useShowAllParam();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const focusTableAfterClose = useRef(false);

  // The list follows the database while shown: another admin's change appears here.
  // After the first paint: a reload paints the persisted first page without a second render.
  const { retry, starting } = useLiveList(entity, { afterPaint: true });

  useEffect(() => {
    if (toDelete !== null || !focusTableAfterClose.current) return;
    focusTableAfterClose.current = false;
    document.getElementById(`${name}-table`)?.focus();
  }, [toDelete, name]);

  const visible = useMemo(
    () => (!reorder || showAll ? all : all.filter((r) => !r.isObsolete)),
    [all, showAll, reorder],
  );
  const write = useCallback(
    (changes: OrderChanges) => (reorder ? dispatch(reorder(changes)) : Promise.resolve()),
    [dispatch, reorder],
  );
  const { move, canMove, busy } = useReorder(all, visible, write);

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      { id: 'name', accessorFn: (row) => row.name, header: t('name') },
      ...columns,
      {
        id: 'order',
        accessorFn: (row) => row.order,
        header: t('order'),
        meta: { className: 'has-text-right' },
      },
      ...(reorder
        ? [
            {
              id: 'status',
              accessorFn: (row: T) => t(row.isObsolete ? 'obsolete' : 'active'),
              header: t('status'),
            },
          ]
        : []),
      {
        id: 'actions',
        header: t('actions'),
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <RowActions
            editTo={`${path}/${row.id}`}
            editLabel={t('editNamed', { name: row.name })}
            onDelete={() => setToDelete(row)}
            deleteLabel={t('deleteNamed', { name: row.name })}
          >
            {reorder && (
              <MoveButtons
                upLabel={t('moveUp', { name: row.name })}
                downLabel={t('moveDown', { name: row.name })}
                onUp={() => void move(row.id, -1)}
                onDown={() => void move(row.id, 1)}
                canUp={canMove(row.id, -1)}
                canDown={canMove(row.id, 1)}
                busy={busy}
              />
            )}
          </RowActions>
        ),
      },
    ],
    [t, columns, reorder, path, move, canMove, busy],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    // Success and error toasts come from the thunk; the dialog closes either way (spec 4).
    await dispatch(entity.remove(toDelete.id));
    focusTableAfterClose.current = true;
    setDeleting(false);
    setToDelete(null);
  };

  const markObsolete = async () => {
    if (!toDelete || !entity.modify) return;
    setDeleting(true);
    // Each slice types its own record's changes; lists with `reorder` have `isObsolete`.
    const input = { id: toDelete.id, changes: { isObsolete: true } };
    await dispatch(entity.modify(input as never));
    focusTableAfterClose.current = true;
    setDeleting(false);
    setToDelete(null);
  };

  const deleteBody = (
    <FormattedMessage id={`${prefix}.confirmDelete`} values={{ name: toDelete?.name }} />
  );

  return (
    <PageCard
      title={`${prefix}.title`}
      after={
        references ? (
          <DeleteReferenceDialog
            record={toDelete}
            collection={references}
            deleteBody={deleteBody}
            onMarkObsolete={reorder && entity.modify ? () => void markObsolete() : undefined}
            onDelete={() => void confirmDelete()}
            onCancel={() => setToDelete(null)}
            busy={deleting}
          />
        ) : (
          <ConfirmDialog
            open={toDelete !== null}
            // Names the record, as the people lists do: the admin sees what goes before it goes.
            body={deleteBody}
            loading={deleting}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setToDelete(null)}
          />
        )
      }
    >
      {reorder && (
        <div className="field">
          <Switch
            id={`${name}-show-all`}
            label={<FormattedMessage id={`${prefix}.showAll`} />}
            checked={showAll}
            onChange={setShowAll}
          />
        </div>
      )}
      <DataTable
        data={visible}
        columns={allColumns}
        getRowId={(row) => row.id}
        filterText={filterText}
        label={t('title')}
        csvFileName={name}
        loading={loading || starting}
        error={loadError}
        onRetry={retry}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (row) => intl.formatMessage({ id: 'Table.selectRow' }, { name: row.name }),
          // Each delete as the single one does it (the server's follow-ups), one summary.
          actions: (rows) => (
            <BulkDeleteButton
              records={rows}
              remove={async (id) =>
                removeFailure(await dispatch(entity.remove({ id, quiet: true })))
              }
              onDone={() => setSelected(new Set())}
            />
          ),
        }}
        actions={
          <Link className="button is-primary" to={`${path}/new`}>
            <FormattedMessage id={`${prefix}.new`} />
          </Link>
        }
      />
    </PageCard>
  );
}
