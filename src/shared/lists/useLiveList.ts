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

/** With `afterPaint`, the list is followed this long (ms) after mounting when no frame comes. */
const HIDDEN_TAB_MS = 100;

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
 * With `afterPaint`, the `watch` thunk is dispatched in a task after the first paint (the next
 * frame's callback, then a task; at most {@link HIDDEN_TAB_MS} later in a tab with no frames):
 * its first action (the slice's `loading` set) then re-renders the screen after that paint, not
 * between the first render and it (a reload painted its persisted first page only after a second
 * render of the whole list screen). Meanwhile `starting` is true, and the screen shows it as
 * loading, so the list never says 'no records' or looks loaded before it is followed.
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
    let stop: Unsubscribe | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (stop) return;
      stop = dispatch(entity.watch() as never) as unknown as Unsubscribe;
      setStarting(false);
    };
    // React runs this effect before the paint when the render was an urgent one (a store
    // update's, as in a reload): a task queued from the next frame's callback runs after that
    // frame is painted. A hidden tab gets no frames: the timeout follows the list there.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(follow);
    });
    timer = setTimeout(follow, HIDDEN_TAB_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop?.();
    };
  }, [dispatch, entity, attempt, later]);
  return { retry: useCallback(() => setAttempt((n) => n + 1), []), starting };
}
