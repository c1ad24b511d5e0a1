import { useCallback, useLayoutEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../entitySlice';
import type { Unsubscribe } from '../rtdb';

/** The slice side of a followed list: an entity slice's `watch` thunk (shared/entitySlice). */
export interface Watchable {
  watch: () => (
    dispatch: (action: unknown) => unknown,
    getState: unknown,
    extra: ThunkExtra,
  ) => Unsubscribe;
}

/**
 * Follows an entity list while the calling screen is mounted: the rows arrive in the slice, then
 * every change by another admin within one batch (shared/rtdb `watch`); the listeners are detached
 * when the screen is left or the user signs out (the screen unmounts).
 * @returns `retry`, which follows it again (the Retry button of a failed load).
 */
export function useLiveList(entity: Watchable): { retry: () => void } {
  const dispatch = useDispatch<ThunkDispatch<unknown, ThunkExtra, UnknownAction>>();
  const [attempt, setAttempt] = useState(0);
  // Before the first paint, so the list says 'loading' from its first frame, never 'no records'.
  useLayoutEffect(() => {
    void attempt;
    return dispatch(entity.watch() as never) as unknown as Unsubscribe;
  }, [dispatch, entity, attempt]);
  return { retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
