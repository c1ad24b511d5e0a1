/**
 * /users (admins only; the route guard sends others to /): the users list card with its search
 * box, New User button and the table (spec 2 Users list). The signed-in user is left out (spec 6).
 * Delete asks first in the ConfirmDialog, which closes after success (spec 4).
 *
 * Rows can be selected to be exported or deleted together (the lists' bulk actions,
 * shared/lists/BulkDeleteButton): each delete goes through httpsDeleteUser as a single one does,
 * and one summary lists what was not deleted and why. Left alone: an admin (as a row offers no
 * Delete for one: the role is withdrawn first, so no list click removes the last admin) and the
 * signed-in admin themself (the server refuses one's own deletion; the list does not show that
 * row, so it is only reached if the session changes under a selection).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLiveList } from '@/shared/lists/useLiveList';
import { selectSession } from '@/shared/session';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { PageCard } from '@/shared/lists/PageCard';
import { BulkDeleteButton, type BulkDeleteRecord } from '@/shared/lists/BulkDeleteButton';
import { removeFailure } from '@/shared/lists/removeFailure';
import { UsersTable } from '../components/UsersTable';
import type { User } from '../types';
import { users } from '../usersSlice';

export default function UsersPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const all = useAppSelector((state) => users.selectors.selectAll(state.users));
  const loading = useAppSelector((state) => state.users.loading);
  // Only a failed load replaces the rows with 'Show error' (the slice's `loadError`); a failed
  // delete is a toast.
  const loadError = useAppSelector((state) => state.users.loadError);
  const [toDelete, setToDelete] = useState<User | null>(null);
  // The dialog's own delete, not the slice's `loading`, which is also true while the list loads
  // (a reload shows the persisted rows before the list answers): that disabled both buttons and
  // the focus could not land on Cancel.
  const [deleting, setDeleting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  // Followed live while shown: another admin's change appears here.
  const { retry } = useLiveList(users);
  useEffect(() => {
    return () => {
      dispatch(users.actions.cleanUp());
    };
  }, [dispatch]);

  const sessionId = session?.id;
  const rows = useMemo(() => all.filter((u) => u.id !== sessionId), [all, sessionId]);
  const onDelete = useCallback((user: User) => setToDelete(user), []);
  const admins = useMemo(() => new Set(all.filter((u) => u.isAdmin).map((u) => u.id)), [all]);
  const skipReason = useCallback(
    ({ id }: BulkDeleteRecord) =>
      id === sessionId ? 'Users.bulkSkipSelf' : admins.has(id) ? 'Users.bulkSkipAdmin' : undefined,
    [sessionId, admins],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    const result = await dispatch(users.remove(toDelete.id));
    setDeleting(false);
    if (users.remove.fulfilled.match(result)) setToDelete(null);
  };

  return (
    <PageCard
      title="Users.title"
      after={
        <ConfirmDialog
          open={toDelete !== null}
          body={<FormattedMessage id="Users.deleteConfirm" />}
          loading={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      }
    >
      <UsersTable
        users={rows}
        loading={loading}
        error={loadError}
        onRetry={retry}
        onDelete={onDelete}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (u) => intl.formatMessage({ id: 'Table.selectRow' }, { name: u.name }),
          actions: (selectedRows) => (
            <BulkDeleteButton
              records={selectedRows}
              skipReason={skipReason}
              remove={async (id) =>
                removeFailure(await dispatch(users.remove({ id, quiet: true })))
              }
              summary="Users.deletedSelected"
              onDone={() => setSelected(new Set())}
            />
          ),
        }}
        actions={
          <Link to="/users/new" className="button is-primary">
            <FormattedMessage id="Users.new" />
          </Link>
        }
      />
    </PageCard>
  );
}
