import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { authCleanUp } from './authSlice';

/**
 * Clears the auth flags (error, success, loading) when the screen using it unmounts, so the next
 * auth screen does not show this one's message (spec section 4: flags reset on leaving a form).
 */
export function useAuthCleanUpOnLeave(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch(authCleanUp());
    },
    [dispatch],
  );
}
