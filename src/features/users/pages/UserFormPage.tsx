/**
 * /users/new and /users/{id} (admins only): the UserForm in create or edit mode (spec 2 User
 * form, spec 4). Edit loads the user by id and goes back to /users when that fails; both go to
 * /users after a successful save. A create whose account exists but whose record, logo upload or
 * invitation failed stays here, names the failed steps and offers Retry for just those, with the
 * same account (issue 6).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectSession } from '@/features/auth/authSlice';
import type { AppError } from '@/shared/errors';
import { UserForm } from '../components/UserForm';
import type { User } from '../types';
import { createUser, sessionFields, users, type CreateUserError } from '../usersSlice';
import type { UserFormData } from '../validation';

export default function UserFormPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectSession);
  const saving = useAppSelector((state) => state.users.loading);
  const [user, setUser] = useState<User | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<CreateUserError | AppError | null>(null);

  useEffect(() => {
    if (!id) return;
    let active = true;
    void dispatch(users.fetchOne(id)).then((result) => {
      if (!active) return;
      if (users.fetchOne.fulfilled.match(result)) setUser(result.payload);
      else void navigate('/users', { replace: true });
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

  const create = async (data: UserFormData, logo: File | null) => {
    setProgress(logo ? 0 : null);
    const previous = failure && 'uid' in failure && failure.uid ? failure : null;
    const result = await dispatch(
      createUser({
        record: { ...data, createdAt: data.createdAt.getTime() },
        logo,
        onProgress: setProgress,
        resume: previous
          ? { uid: previous.uid!, steps: (previous.failures ?? []).map((f) => f.step) }
          : undefined,
      }),
    );
    setProgress(null);
    if (createUser.rejected.match(result)) {
      setFailure(result.payload ?? { messageId: 'errors/unknown' });
    } else {
      void navigate('/users');
    }
  };

  const save = async (data: UserFormData, logo: File | null) => {
    if (!id) return;
    setProgress(logo ? 0 : null);
    const { name, location, isAdmin } = data;
    const result = await dispatch(
      users.modify({
        id,
        changes: { name, location, isAdmin, createdAt: data.createdAt.getTime() },
        logo,
        onProgress: setProgress,
      }),
    );
    setProgress(null);
    if (users.modify.rejected.match(result)) {
      setFailure(result.payload ?? { messageId: 'errors/unknown' });
    } else {
      // Editing oneself also updates the session (spec 4).
      if (id === session?.id) dispatch(sessionFields(result.payload));
      void navigate('/users');
    }
  };

  const failures = failure && 'failures' in failure ? (failure.failures ?? []) : [];

  return (
    <>
      <h1 className="title is-4">
        <FormattedMessage id={id ? 'Users.editTitle' : 'Users.newTitle'} />
      </h1>
      {id && !user ? (
        <p role="status">
          <FormattedMessage id="Common.loading" />
        </p>
      ) : (
        <UserForm
          key={user?.id ?? 'new'}
          mode={id ? 'edit' : 'create'}
          user={user}
          saving={saving}
          progress={progress}
          error={failure}
          failures={failures}
          onSubmit={id ? save : create}
          onRetry={create}
        />
      )}
    </>
  );
}
