/**
 * /subjects (spec sections 2, 3 and 5): subjects with their level range and price, sorted by
 * `order`, obsolete ones hidden unless 'Show all' is on, filtered on name and country,
 * reorderable with up/down buttons, each delete confirmed first.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useCountryName } from '@/features/countries/countryNames';
import { fieldLevels, selectFieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import type { OrderChanges } from '@/shared/reorder';
import { useReorder } from '@/shared/reorder';
import { DataTable } from '@/shared/table/DataTable';
import { MoveButtons } from '@/shared/table/MoveButtons';
import { subjects, reorderSubjects, selectSubjects, selectSubjectsState } from '../subjectsSlice';
import type { Subject } from '../types';

export default function SubjectsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const all = useAppSelector(selectSubjects);
  const { loading, loadError } = useAppSelector(selectSubjectsState);
  const nameOf = useCountryName();
  const [showAll, setShowAll] = useState(false);
  const [toDelete, setToDelete] = useState<Subject | null>(null);
  const [deleting, setDeleting] = useState(false);

  const allLevels = useAppSelector(selectFieldLevels);
  const levelNames = useMemo(() => new Map(allLevels.map((l) => [l.id, l.name])), [allLevels]);
  const money = useCallback(
    (n: number) => intl.formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [intl],
  );

  useEffect(() => {
    void dispatch(subjects.fetchAll());
    // Names of the level range.
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);

  const visible = useMemo(() => (showAll ? all : all.filter((l) => !l.isObsolete)), [all, showAll]);
  const write = useCallback(
    (changes: OrderChanges) => dispatch(reorderSubjects(changes)),
    [dispatch],
  );
  const { move, canMove, busy } = useReorder(all, visible, write);

  const filterText = useCallback(
    (row: Subject) => [row.name, row.countryId, nameOf(row.countryId)],
    [nameOf],
  );

  const columns = useMemo<ColumnDef<Subject>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: intl.formatMessage({ id: 'Subjects.name' }) },
      {
        id: 'country',
        accessorFn: (row) => nameOf(row.countryId),
        header: intl.formatMessage({ id: 'Subjects.country' }),
      },
      {
        id: 'levels',
        accessorFn: (row) =>
          [levelNames.get(row.levelStart), levelNames.get(row.levelEnd)]
            .filter(Boolean)
            .join(' – '),
        header: intl.formatMessage({ id: 'Subjects.levels' }),
      },
      {
        id: 'price',
        accessorFn: (row) => row.settings?.salePrice ?? row.settings?.originalPrice ?? null,
        header: intl.formatMessage({ id: 'Subjects.price' }),
        meta: { className: 'has-text-right' },
        cell: ({ row: { original: row } }) =>
          row.settings ? (
            row.settings.salePrice !== null && row.settings.salePrice !== undefined ? (
              <>
                <del className="has-text-grey mr-1">{money(row.settings.originalPrice)}</del>
                {money(row.settings.salePrice)}
              </>
            ) : (
              money(row.settings.originalPrice)
            )
          ) : (
            <span className="has-text-grey">
              <FormattedMessage id="Subjects.noSettings" />
            </span>
          ),
      },
      {
        id: 'order',
        accessorKey: 'order',
        header: intl.formatMessage({ id: 'Subjects.order' }),
        meta: { className: 'has-text-right' },
      },
      {
        id: 'status',
        accessorFn: (row) =>
          intl.formatMessage({
            id: row.isObsolete ? 'Subjects.obsolete' : 'Subjects.active',
          }),
        header: intl.formatMessage({ id: 'Subjects.status' }),
      },
      {
        id: 'actions',
        header: intl.formatMessage({ id: 'Subjects.actions' }),
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: row } }) => (
          <div className="buttons are-small is-flex-wrap-nowrap">
            <MoveButtons
              upLabel={intl.formatMessage({ id: 'Subjects.moveUp' }, { name: row.name })}
              downLabel={intl.formatMessage({ id: 'Subjects.moveDown' }, { name: row.name })}
              onUp={() => void move(row.id, -1)}
              onDown={() => void move(row.id, 1)}
              canUp={canMove(row.id, -1)}
              canDown={canMove(row.id, 1)}
              busy={busy}
            />
            <Link
              className="button is-info is-light"
              to={`/subjects/${row.id}`}
              aria-label={intl.formatMessage({ id: 'Subjects.editNamed' }, { name: row.name })}
            >
              <FormattedMessage id="Common.edit" />
            </Link>
            <button
              type="button"
              className="button is-danger is-light"
              aria-label={intl.formatMessage({ id: 'Subjects.deleteNamed' }, { name: row.name })}
              onClick={() => setToDelete(row)}
            >
              <FormattedMessage id="Common.delete" />
            </button>
          </div>
        ),
      },
    ],
    [intl, nameOf, move, canMove, busy, levelNames, money],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    // Success and error toasts come from the thunk; the dialog closes either way (spec 4).
    await dispatch(subjects.remove(toDelete.id));
    setDeleting(false);
    setToDelete(null);
  };

  return (
    <section>
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id="Subjects.title" />
          </h1>
        </header>
        <div className="card-content">
          <div className="field">
            <label className="checkbox" htmlFor="subjects-show-all">
              <input
                id="subjects-show-all"
                type="checkbox"
                role="switch"
                className="mr-2"
                checked={showAll}
                onChange={(e) => setShowAll(e.target.checked)}
              />
              <FormattedMessage id="Subjects.showAll" />
            </label>
          </div>
          <DataTable
            data={visible}
            columns={columns}
            getRowId={(row) => row.id}
            filterText={filterText}
            label={t('Subjects.title')}
            csvFileName="subjects"
            loading={loading}
            error={loadError}
            actions={
              <Link className="button is-primary" to="/subjects/new">
                <FormattedMessage id="Subjects.new" />
              </Link>
            }
          />
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        body={<FormattedMessage id="Subjects.confirmDelete" />}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
