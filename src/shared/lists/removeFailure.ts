import { UNKNOWN_ERROR, type AppError } from '../errors';

/**
 * The reason a dispatched quiet remove thunk failed, or undefined when it was fulfilled: the
 * rejected action's AppError message id (shared/errors), UNKNOWN_ERROR without one.
 */
export function removeFailure(result: unknown): string | undefined {
  const { error, payload } = (result ?? {}) as { error?: unknown; payload?: unknown };
  if (!error) return undefined;
  return (payload as AppError | undefined)?.messageId ?? UNKNOWN_ERROR;
}
