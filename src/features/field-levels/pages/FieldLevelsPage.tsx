/**
 * /field-levels (spec sections 2, 3 and 5): field levels sorted by `order`, obsolete ones hidden
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
import {
  fieldLevels,
  reorderFieldLevels,
  selectFieldLevels,
  selectFieldLevelsState,
} from '../fieldLevelsSlice';
import type { FieldLevel } from '../types';

export default function FieldLevelsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const all = useAppSelector(selectFieldLevels);
  const { loading, loadError } = useAppSelector(selectFieldLevelsState);
  const nameOf = useCountryName();
  const [showAll, setShowAll] = useState(false);
  const [toDelete, setToDelete] = useState<FieldLevel | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);

  const visible = useMemo(() => (showAll ? all : all.filter((l) => !l.isObsolete)), [all, showAll]);
  const write = useCallback(
    (changes: OrderChanges) => dispatch(reorderFieldLevels(changes)),
    [dispatch],
  );
  const { move, canMove, busy } = useReorder(all, visible, write);

  const filterText = useCallback(
    (row: FieldLevel) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );

  const columns = useMemo<ColumnDef<FieldLevel>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: intl.formatMessage({ id: 'FieldLevels.name' }) },
      {
        id: 'country',
        accessorFn: (row) => nameOf(row.countryId),
        header: intl.formatMessage({ id: 'FieldLevels.country' }),
      },
      {
        id: 'order',
        accessorKey: 'order',
        header: intl.formatMessage({ id: 'FieldLevels.order' }),
        meta: { className: 'has-text-right' },
      },
      {
        id: 'status',
        accessorFn: (row) =>
          intl.formatMessage({
            id: row.isObsolete ? 'FieldLevels.obsolete' : 'FieldLevels.active',
          }),
        header: intl.formatMessage({ id: 'FieldLevels.status' }),
      },
      {
        id: 'actions',
        header: intl.formatMessage({ id: 'FieldLevels.actions' }),
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <div className="buttons are-small is-flex-wrap-nowrap">
            <MoveButtons
              upLabel={intl.formatMessage({ id: 'FieldLevels.moveUp' }, { name: row.name })}
              downLabel={intl.formatMessage({ id: 'FieldLevels.moveDown' }, { name: row.name })}
              onUp={() => void move(row.id, -1)}
              onDown={() => void move(row.id, 1)}
              canUp={canMove(row.id, -1)}
              canDown={canMove(row.id, 1)}
              busy={busy}
            />
            <Link
              className="button is-info is-light"
              to={`/field-levels/${row.id}`}
              aria-label={intl.formatMessage({ id: 'FieldLevels.editNamed' }, { name: row.name })}
            >
              <FormattedMessage id="Common.edit" />
            </Link>
            <button
              type="button"
              className="button is-danger is-light"
              aria-label={intl.formatMessage({ id: 'FieldLevels.deleteNamed' }, { name: row.name })}
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
    await dispatch(fieldLevels.remove(toDelete.id));
    setDeleting(false);
    setToDelete(null);
  };

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id="FieldLevels.title" />
          </h1>
        </header>
        <div className="card-content">
          <div className="field">
            <label className="checkbox" htmlFor="field-levels-show-all">
              <input
                id="field-levels-show-all"
                type="checkbox"
                role="switch"
                className="mr-2"
                checked={showAll}
                onChange={(e) => setShowAll(e.target.checked)}
              />
              <FormattedMessage id="FieldLevels.showAll" />
            </label>
          </div>
          <DataTable
            data={visible}
            columns={columns}
            getRowId={(row) => row.id}
            filterText={filterText}
            label={t('FieldLevels.title')}
            csvFileName="field-levels"
            loading={loading}
            error={loadError}
            actions={
              <Link className="button is-primary" to="/field-levels/new">
                <FormattedMessage id="FieldLevels.new" />
              </Link>
            }
          />
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        body={<FormattedMessage id="FieldLevels.confirmDelete" />}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
