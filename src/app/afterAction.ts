import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/**
 * A Redux middleware that runs `effect` after the reducers have handled each action that `matches`
 * accepts (so the effect sees the new state): the plain Redux form (Redux docs, "Middleware") of
 * what RTK's createListenerMiddleware does, whose 2 KB gzipped the store would otherwise bring to
 * /login. `effect` must not throw: an error would reach the dispatcher.
 */
export function afterAction<A extends UnknownAction>(
  matches: (action: unknown) => action is A,
  effect: (action: A) => void,
): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    if (matches(action)) effect(action);
    return result;
  };
}
