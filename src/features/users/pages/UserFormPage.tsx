/**
 * /users/new and /users/{id} (admins only): the UserForm in create or edit mode (spec 2 User
 * form, spec 4). Edit loads the user by id, follows it while open (another admin's change or
 * deletion shows on the form, useRemoteChanges) and goes back to /users when loading fails; both go to
 * /users, as the list was left (listReturnPath), after a successful save. Create runs the slice's
 * `createWithAccount` (the one account workflow); when the account exists but its record, logo
 * upload or invitation failed, the page stays, names the failed steps and offers Retry for just
 * those, with the same account, so a half-made account is never made twice.
 */
import { useEffect, useState } from 'react';
import { DocumentTitle } from '@/shared/DocumentTitle';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectSession } from '@/shared/session';
import type { AppError } from '@/shared/errors';
import { useAccountCreation } from '@/shared/forms/useAccountCreation';
import { RemoteChangesContext, useRemoteChanges } from '@/shared/forms/useRemoteChanges';
import { listReturnPath } from '@/shared/table/listState';
import { UserForm } from '../components/UserForm';
import type { User } from '../types';
import { sessionFields, users } from '../usersSlice';
import type { UserFormData } from '../validation';

export default function UserFormPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectSession);
  const saving = useAppSelector((state) => state.users.loading);
  const account = useAccountCreation(users.createWithAccount);
  const [loadedUser, setUser] = useState<User | null>(null);
  const remote = useRemoteChanges('users', id, loadedUser);
  const user = remote.record;
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<AppError | null>(null);

  useEffect(() => {
    if (!id) return;
    let active = true;
    void dispatch(users.fetchOne(id)).then((result) => {
      if (!active) return;
      if (users.fetchOne.fulfilled.match(result)) setUser(result.payload);
      else void navigate(listReturnPath('/users'), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [dispatch, navigate, id]);

  useEffect(
    () => () => {
      dispatch(users.actions.cleanUp());
    },
    [dispatch],
  );

  const create = async ({ logo, ...record }: UserFormData) => {
    setProgress(logo ? 0 : null);
    const created = await account.create({
      account: { email: record.email, isAdmin: record.isAdmin },
      record: { ...record, logoUrl: null },
      files: { logoUrl: logo },
      onProgress: setProgress,
    });
    setProgress(null);
    if (!created) return false;
    void navigate(listReturnPath('/users'));
    return true;
  };

  const save = async ({ logo, email: _email, ...changes }: UserFormData) => {
    if (!id) return false;
    setProgress(logo ? 0 : null);
    setFailure(null);
    const result = await dispatch(
      users.modify({
        id,
        changes: remote.merge(changes),
        files: { logoUrl: logo },
        onProgress: setProgress,
      }),
    );
    setProgress(null);
    if (users.modify.rejected.match(result)) {
      setFailure(result.payload ?? { messageId: 'errors/unknown' });
      return false;
    }
    // Editing oneself also updates the session (spec 4).
    if (id === session?.id) dispatch(sessionFields(result.payload));
    void navigate(listReturnPath('/users'));
    return true;
  };

  // The title names the user once loaded: 'Edit user: Ana'.
  const title = id ? (user ? 'Users.editTitleNamed' : 'Users.editTitle') : 'Users.newTitle';
  const titleValues = user ? { name: user.name } : undefined;
  return (
    <>
      <DocumentTitle title={title} values={titleValues} />
      <h1 className="title is-4">
        <FormattedMessage id={title} values={titleValues} />
      </h1>
      {id && !user ? (
        <p role="status">
          <FormattedMessage id="Common.loading" />
        </p>
      ) : (
        <RemoteChangesContext.Provider value={id ? remote : null}>
          <UserForm
            key={user?.id ?? 'new'}
            mode={id ? 'edit' : 'create'}
            user={user}
            saving={saving || account.creating}
            progress={progress}
            error={failure}
            failures={account.pending?.failures ?? []}
            onSubmit={id ? save : create}
          />
        </RemoteChangesContext.Provider>
      )}
    </>
  );
}
