/**
 * /profile (every signed-in user; spec 2 Profile): the user form in profile mode (name, location,
 * logo; the e-mail and created date shown, not editable; never isAdmin, spec 6) and the Change
 * Password form of the auth feature. The app composes the two features here (features do not
 * import each other's screens).
 */
import { useEffect, useState } from 'react';
import { DocumentTitle } from '@/shared/DocumentTitle';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectSession } from '@/features/auth/authSlice';
import { ChangePasswordForm } from '@/features/auth/components/ChangePasswordForm';
import { UserForm } from '@/features/users/components/UserForm';
import type { User } from '@/features/users/types';
import { updateProfile, users } from '@/features/users/usersSlice';
import type { UserFormData } from '@/features/users/validation';
import { type AppError, UNKNOWN_ERROR } from '@/shared/errors';

export default function ProfilePage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const saving = useAppSelector((state) => state.users.loading);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(
    () => () => {
      dispatch(users.actions.cleanUp());
    },
    [dispatch],
  );

  if (!session) return null;
  const user: User = { ...session };

  const save = async ({ logo, name, location }: UserFormData) => {
    setProgress(logo ? 0 : null);
    setError(null);
    const result = await dispatch(
      updateProfile({
        id: session.id,
        changes: { name, location },
        files: { logoUrl: logo },
        onProgress: setProgress,
      }),
    );
    setProgress(null);
    if (updateProfile.rejected.match(result)) {
      setError(result.payload ?? { messageId: UNKNOWN_ERROR });
      return false;
    }
    return true;
  };

  return (
    <>
      <DocumentTitle title="Users.profileTitle" />
      <h1 className="title is-4">
        <FormattedMessage id="Users.profileTitle" />
      </h1>
      <UserForm
        key={session.id}
        mode="profile"
        user={user}
        saving={saving}
        progress={progress}
        error={error}
        onSubmit={save}
      />
      <ChangePasswordForm />
    </>
  );
}
