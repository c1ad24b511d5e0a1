/**
 * /users (admins only; the route guard sends others to /): the users list card with its search
 * box, New User button and the table (spec 2 Users list). The signed-in user is left out (spec 6).
 * Delete asks first in the ConfirmDialog, which closes after success (spec 4).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLiveList } from '@/shared/lists/useLiveList';
import { selectSession } from '@/shared/session';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { PageCard } from '@/shared/lists/PageCard';
import { UsersTable } from '../components/UsersTable';
import type { User } from '../types';
import { users } from '../usersSlice';

export default function UsersPage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const all = useAppSelector((state) => users.selectors.selectAll(state.users));
  const loading = useAppSelector((state) => state.users.loading);
  // Only a failed load replaces the rows with 'Show error' (the slice's `loadError`); a failed
  // delete is a toast.
  const loadError = useAppSelector((state) => state.users.loadError);
  const [toDelete, setToDelete] = useState<User | null>(null);

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

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await dispatch(users.remove(toDelete.id));
    if (users.remove.fulfilled.match(result)) setToDelete(null);
  };

  return (
    <PageCard
      title="Users.title"
      after={
        <ConfirmDialog
          open={toDelete !== null}
          body={<FormattedMessage id="Users.deleteConfirm" />}
          loading={loading && toDelete !== null}
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
        actions={
          <Link to="/users/new" className="button is-primary">
            <FormattedMessage id="Users.new" />
          </Link>
        }
      />
    </PageCard>
  );
}
