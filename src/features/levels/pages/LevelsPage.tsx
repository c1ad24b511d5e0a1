/**
 * /browsing-levels (spec sections 2, 3 and 5): browsing levels sorted by `order`, filtered on
 * name and description, each delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { DataTable } from '@/shared/table/DataTable';
import { levels, selectLevels, selectLevelsState } from '../levelsSlice';
import type { Level } from '../types';

export default function LevelsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const data = useAppSelector(selectLevels);
  const { loading, loadError } = useAppSelector(selectLevelsState);
  const [toDelete, setToDelete] = useState<Level | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void dispatch(levels.fetchAll());
  }, [dispatch]);

  // Spec section 5: levels are filtered on name and description.
  const filterText = useCallback((row: Level) => [row.name, row.description], []);

  const columns = useMemo<ColumnDef<Level>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: intl.formatMessage({ id: 'Levels.name' }) },
      {
        id: 'accessBy',
        accessorFn: (row) =>
          row.accessBy ? intl.formatMessage({ id: `Levels.accessBy.${row.accessBy}` }) : '',
        header: intl.formatMessage({ id: 'Levels.accessBy' }),
      },
      {
        id: 'description',
        accessorKey: 'description',
        header: intl.formatMessage({ id: 'Levels.description' }),
      },
      {
        id: 'order',
        accessorKey: 'order',
        header: intl.formatMessage({ id: 'Levels.order' }),
        meta: { className: 'has-text-right' },
      },
      {
        id: 'actions',
        header: intl.formatMessage({ id: 'Levels.actions' }),
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <div className="buttons are-small is-flex-wrap-nowrap">
            <Link
              className="button is-info is-light"
              to={`/browsing-levels/${row.id}`}
              aria-label={intl.formatMessage({ id: 'Levels.editNamed' }, { name: row.name })}
            >
              <FormattedMessage id="Common.edit" />
            </Link>
            <button
              type="button"
              className="button is-danger is-light"
              aria-label={intl.formatMessage({ id: 'Levels.deleteNamed' }, { name: row.name })}
              onClick={() => setToDelete(row)}
            >
              <FormattedMessage id="Common.delete" />
            </button>
          </div>
        ),
      },
    ],
    [intl],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    // Success and error toasts come from the thunk; the dialog closes either way (spec 4).
    await dispatch(levels.remove(toDelete.id));
    setDeleting(false);
    setToDelete(null);
  };

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id="Levels.title" />
          </h1>
        </header>
        <div className="card-content">
          <DataTable
            data={data}
            columns={columns}
            getRowId={(row) => row.id}
            filterText={filterText}
            label={intl.formatMessage({ id: 'Levels.title' })}
            csvFileName="browsing-levels"
            loading={loading}
            error={loadError}
            actions={
              <Link className="button is-primary" to="/browsing-levels/new">
                <FormattedMessage id="Levels.new" />
              </Link>
            }
          />
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        body={<FormattedMessage id="Levels.confirmDelete" />}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
