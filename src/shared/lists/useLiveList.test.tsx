import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { act, render, waitFor } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { useLiveList, type LiveListOptions, type Watchable } from './useLiveList';

/** A slice's two flags as the list screens read them: loading, then loaded. */
interface ListState {
  loading: boolean;
  loaded: boolean;
}

function setup(options: LiveListOptions) {
  const store = configureStore({
    reducer: (state: ListState = { loading: false, loaded: false }, action: UnknownAction) => {
      if (action.type === 'started') return { ...state, loading: true };
      if (action.type === 'loaded') return { loading: false, loaded: true };
      return state;
    },
  });
  const unsubscribe = vi.fn();
  const watch = vi.fn(() => (dispatch: (action: unknown) => unknown) => {
    dispatch({ type: 'started' });
    return unsubscribe;
  });
  const entity = { watch } as unknown as Watchable;
  /** What each render showed: busy (the table's `loading`) and whether the rows had loaded. */
  const renders: Array<{ busy: boolean; loaded: boolean }> = [];
  /** How many times the list was followed when the parent's layout effects ran (before paint). */
  let watchedBeforePaint = -1;
  let retry: () => void = () => undefined;

  function List() {
    const loading = useSelector((s: ListState) => s.loading);
    const loaded = useSelector((s: ListState) => s.loaded);
    const live = useLiveList(entity, options);
    retry = live.retry;
    renders.push({ busy: loading || live.starting, loaded });
    return null;
  }
  // Layout effects run child first: this one runs after List's, still before the browser paints.
  function Parent({ children }: { children: ReactNode }) {
    useLayoutEffect(() => {
      watchedBeforePaint = watch.mock.calls.length;
    }, []);
    return children;
  }
  const view = render(
    <Provider store={store}>
      <Parent>
        <List />
      </Parent>
    </Provider>,
  );
  return {
    store,
    watch,
    unsubscribe,
    renders,
    view,
    watchedBeforePaint: () => watchedBeforePaint,
    retry: () => retry(),
  };
}

describe('useLiveList', () => {
  it('follows the list before the first paint by default, the slice loading from the first frame on', () => {
    const { watch, renders, watchedBeforePaint } = setup({});
    expect(watchedBeforePaint()).toBe(1);
    expect(watch).toHaveBeenCalledTimes(1);
    // The first render, before the layout effect, is never painted; the second is.
    expect(renders.at(-1)).toEqual({ busy: true, loaded: false });
  });

  it('with afterPaint, follows the list after the first paint, which already shows it loading', async () => {
    const { store, watch, renders, watchedBeforePaint } = setup({ afterPaint: true });
    expect(watchedBeforePaint()).toBe(0);
    // Not in the effect either (React may run it before the paint): after the next frame.
    expect(watch).not.toHaveBeenCalled();
    await waitFor(() => expect(watch).toHaveBeenCalledTimes(1));
    // Every render says loading until the rows are in: never 'no records' or loaded too early.
    expect(renders[0]).toEqual({ busy: true, loaded: false });
    expect(renders.every((r) => r.busy)).toBe(true);
    act(() => {
      store.dispatch({ type: 'loaded' });
    });
    expect(renders.at(-1)).toEqual({ busy: false, loaded: true });
  });

  it('with afterPaint, follows the list again on retry and stops following it on unmount', async () => {
    const { watch, unsubscribe, view, retry } = setup({ afterPaint: true });
    await waitFor(() => expect(watch).toHaveBeenCalledTimes(1));
    act(() => retry());
    await waitFor(() => expect(watch).toHaveBeenCalledTimes(2));
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(2);
  });
});
