/**
 * The users list's table (spec 2 Users list; spec 5 filter; spec 6 admin rows: no Delete, but an
 * Edit link like every row, so an admin's role can be withdrawn without typing a URL): the generic
 * DataTable with the users' columns. Used by UsersPage and by the benchmark (bench/users.ts).
 */
import type { ColumnDef, Row, SortingFn } from '@tanstack/react-table';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AppError } from '@/shared/errors';
import { Avatar } from '@/shared/Avatar';
import { csvDate } from '@/shared/table/csv';
import { DataTable, type TableSelection } from '@/shared/table/DataTable';
import { formatListDate } from '@/shared/table/dates';
import { EmailText } from '@/shared/table/EmailText';
import { ListDate } from '@/shared/table/ListDate';
import { RowActions } from '@/shared/table/RowActions';
import type { User } from '../types';
import { AdminMark } from './AdminMark';

/** Lower case without diacritics, for sorting: 'Álvaro' -> 'alvaro'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface UsersTableProps {
  users: User[];
  loading?: boolean;
  /** A failed load: the table shows 'Show error'. */
  error?: AppError | null;
  /** Loads again after a failed load (the Retry button next to the error). */
  onRetry?: () => void;
  /** Asks to delete a (non-admin) user; the page confirms first. */
  onDelete: (user: User) => void;
  /** Toolbar content, e.g. the New User button. */
  actions?: ReactNode;
  /** Row selection and the bulk actions on it (the page's; DataTable `selection`). */
  selection?: TableSelection<User>;
}

/** See the module comment. */
export function UsersTable({
  users,
  loading,
  error,
  onRetry,
  onDelete,
  actions,
  selection,
}: UsersTableProps) {
  const intl = useIntl();
  const t = useCallback((id: string) => intl.formatMessage({ id }), [intl]);

  const columns = useMemo<ColumnDef<User, unknown>[]>(() => {
    // Texts sort case- and accent-insensitively ('Álvaro' next to 'Alma', not after 'Zoe'). The
    // folded keys are computed once per row and column, not per comparison: sorting 10,000 users
    // must stay under 50 ms (the users benchmark, bench/users.ts).
    const keys = new WeakMap<User, Record<string, string>>();
    const key = (row: Row<User>, id: string) => {
      let cached = keys.get(row.original);
      if (!cached) keys.set(row.original, (cached = {}));
      return (cached[id] ??= fold(row.getValue<string>(id) ?? ''));
    };
    const byText: SortingFn<User> = (a, b, id) => {
      const x = key(a, id);
      const y = key(b, id);
      return x < y ? -1 : x > y ? 1 : 0;
    };
    return [
      {
        id: 'logo',
        header: t('Users.columnLogo'),
        enableSorting: false,
        cell: ({ row }) => (
          <Avatar
            url={row.original.logoUrl}
            name={row.original.name}
            alt={intl.formatMessage({ id: 'Users.logoAlt' }, { name: row.original.name })}
          />
        ),
        meta: { csv: false },
      },
      { accessorKey: 'name', header: t('Users.columnName'), sortingFn: byText },
      {
        accessorKey: 'email',
        header: t('Users.columnEmail'),
        sortingFn: byText,
        cell: ({ row }) => <EmailText email={row.original.email} />,
      },
      { accessorKey: 'location', header: t('Users.columnLocation'), sortingFn: byText },
      {
        accessorKey: 'isAdmin',
        header: t('Users.columnAdmin'),
        sortingFn: 'basic',
        cell: ({ row }) => <AdminMark isAdmin={row.original.isAdmin} />,
        meta: { csv: (u) => t(u.isAdmin ? 'Common.yes' : 'Common.no') },
      },
      {
        accessorKey: 'createdAt',
        header: t('Users.columnCreated'),
        sortingFn: 'basic',
        cell: ({ row }) => <ListDate value={row.original.createdAt} />,
        meta: { csv: (u) => csvDate(u.createdAt) },
      },
      {
        id: 'actions',
        header: t('Users.columnActions'),
        enableSorting: false,
        meta: { csv: false, className: 'has-text-right' },
        // Every row opens its form (where an admin's role can be withdrawn); an admin row has no
        // Delete: an admin is demoted first, so the last admin is never deleted from a list click.
        cell: ({ row }) => (
          <RowActions
            editTo={`/users/${row.original.id}`}
            editLabel={intl.formatMessage({ id: 'Users.editUser' }, { name: row.original.name })}
            {...(row.original.isAdmin
              ? {}
              : {
                  onDelete: () => onDelete(row.original),
                  deleteLabel: intl.formatMessage(
                    { id: 'Users.deleteUser' },
                    { name: row.original.name },
                  ),
                })}
          />
        ),
      },
    ];
  }, [intl, t, onDelete]);

  // Every text field but id, admin flag and logo (spec 5), the date as displayed.
  const filterText = useCallback(
    (u: User) => [u.name, u.email, u.location, formatListDate(intl, u.createdAt)],
    [intl],
  );

  return (
    <DataTable
      data={users}
      columns={columns}
      getRowId={(u) => u.id}
      filterText={filterText}
      label={t('Users.tableLabel')}
      csvFileName="users"
      loading={loading}
      error={error}
      onRetry={onRetry}
      actions={actions}
      {...(selection ? { selection } : {})}
      initialSorting={[{ id: 'createdAt', desc: true }]}
    />
  );
}
