import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
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

/** How a screen follows its list (`useLiveList`'s options). */
export interface LiveListOptions {
  /**
   * The screen shows `starting` as loading (its table busy), so the list may be followed after
   * the first paint instead of before it. Default false: followed in a layout effect, so that
   * the slice's own `loading` is true from the first frame.
   */
  afterPaint?: boolean;
}

/**
 * Follows an entity list while the calling screen is mounted: the rows arrive in the slice, then
 * every change by another admin within one batch (shared/rtdb `watch`); the listeners are detached
 * when the screen is left or the user signs out (the screen unmounts).
 *
 * With `afterPaint`, the `watch` thunk is dispatched in an effect after the first paint: its first
 * action (the slice's `loading` set) then re-renders the screen after that paint, not between the
 * first render and it (a reload painted its persisted first page only after a second render of the
 * whole list screen). Meanwhile `starting` is true, and the screen shows it as loading, so the
 * list never says 'no records' or looks loaded before it is followed.
 * @returns `retry`, which follows it again (the Retry button of a failed load), and `starting`,
 *   true until the list is followed (always false without `afterPaint`).
 */
export function useLiveList(
  entity: Watchable,
  { afterPaint = false }: LiveListOptions = {},
): { retry: () => void; starting: boolean } {
  const dispatch = useDispatch<ThunkDispatch<unknown, ThunkExtra, UnknownAction>>();
  const [attempt, setAttempt] = useState(0);
  // Fixed at mount: which of the two effects below follows the list.
  const [later] = useState(afterPaint);
  const [starting, setStarting] = useState(later);
  // Before the first paint, so the list says 'loading' from its first frame, never 'no records'.
  useLayoutEffect(() => {
    void attempt;
    if (later) return undefined;
    return dispatch(entity.watch() as never) as unknown as Unsubscribe;
  }, [dispatch, entity, attempt, later]);
  useEffect(() => {
    void attempt;
    if (!later) return undefined;
    const stop = dispatch(entity.watch() as never) as unknown as Unsubscribe;
    // Rendered in one pass with the slice's `loading` that the dispatch above just set (both are
    // updates from this effect), after the first paint: the render this hook exists to move.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStarting(false);
    return stop;
  }, [dispatch, entity, attempt, later]);
  return { retry: useCallback(() => setAttempt((n) => n + 1), []), starting };
}
