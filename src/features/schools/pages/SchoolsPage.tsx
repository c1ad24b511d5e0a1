/**
 * /field-schools (spec sections 2, 3 and 5): schools sorted by `order`, obsolete ones hidden
 * unless 'Show all' is on, filtered on name and country, reorderable with up/down buttons, each
 * delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useCountryName } from '@/features/countries/countryNames';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import type { OrderChanges } from '@/shared/reorder';
import { useReorder } from '@/shared/reorder';
import { DataTable } from '@/shared/table/DataTable';
import { MoveButtons } from '@/shared/table/MoveButtons';
import { schools, reorderSchools, selectSchools, selectSchoolsState } from '../schoolsSlice';
import type { School } from '../types';

export default function SchoolsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const all = useAppSelector(selectSchools);
  const { loading, loadError } = useAppSelector(selectSchoolsState);
  const nameOf = useCountryName();
  const [showAll, setShowAll] = useState(false);
  const [toDelete, setToDelete] = useState<School | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void dispatch(schools.fetchAll());
  }, [dispatch]);

  const visible = useMemo(() => (showAll ? all : all.filter((l) => !l.isObsolete)), [all, showAll]);
  const write = useCallback(
    (changes: OrderChanges) => dispatch(reorderSchools(changes)),
    [dispatch],
  );
  const { move, canMove, busy } = useReorder(all, visible, write);

  const filterText = useCallback(
    (row: School) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );

  const columns = useMemo<ColumnDef<School>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: intl.formatMessage({ id: 'Schools.name' }) },
      {
        id: 'country',
        accessorFn: (row) => nameOf(row.countryId),
        header: intl.formatMessage({ id: 'Schools.country' }),
      },
      {
        id: 'order',
        accessorKey: 'order',
        header: intl.formatMessage({ id: 'Schools.order' }),
        meta: { className: 'has-text-right' },
      },
      {
        id: 'status',
        accessorFn: (row) =>
          intl.formatMessage({
            id: row.isObsolete ? 'Schools.obsolete' : 'Schools.active',
          }),
        header: intl.formatMessage({ id: 'Schools.status' }),
      },
      {
        id: 'actions',
        header: intl.formatMessage({ id: 'Schools.actions' }),
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <div className="buttons are-small is-flex-wrap-nowrap">
            <MoveButtons
              upLabel={intl.formatMessage({ id: 'Schools.moveUp' }, { name: row.name })}
              downLabel={intl.formatMessage({ id: 'Schools.moveDown' }, { name: row.name })}
              onUp={() => void move(row.id, -1)}
              onDown={() => void move(row.id, 1)}
              canUp={canMove(row.id, -1)}
              canDown={canMove(row.id, 1)}
              busy={busy}
            />
            <Link
              className="button is-info is-light"
              to={`/field-schools/${row.id}`}
              aria-label={intl.formatMessage({ id: 'Schools.editNamed' }, { name: row.name })}
            >
              <FormattedMessage id="Common.edit" />
            </Link>
            <button
              type="button"
              className="button is-danger is-light"
              aria-label={intl.formatMessage({ id: 'Schools.deleteNamed' }, { name: row.name })}
              onClick={() => setToDelete(row)}
            >
              <FormattedMessage id="Common.delete" />
            </button>
          </div>
        ),
      },
    ],
    [intl, nameOf, move, canMove, busy],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    // Success and error toasts come from the thunk; the dialog closes either way (spec 4).
    await dispatch(schools.remove(toDelete.id));
    setDeleting(false);
    setToDelete(null);
  };

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id="Schools.title" />
          </h1>
        </header>
        <div className="card-content">
          <div className="field">
            <label className="checkbox" htmlFor="schools-show-all">
              <input
                id="schools-show-all"
                type="checkbox"
                role="switch"
                className="mr-2"
                checked={showAll}
                onChange={(e) => setShowAll(e.target.checked)}
              />
              <FormattedMessage id="Schools.showAll" />
            </label>
          </div>
          <DataTable
            data={visible}
            columns={columns}
            getRowId={(row) => row.id}
            filterText={filterText}
            label={t('Schools.title')}
            csvFileName="schools"
            loading={loading}
            error={loadError}
            actions={
              <Link className="button is-primary" to="/field-schools/new">
                <FormattedMessage id="Schools.new" />
              </Link>
            }
          />
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        body={<FormattedMessage id="Schools.confirmDelete" />}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
