/**
 * Toasts for the store's outcomes (spec section 8): a fulfilled thunk whose meta carries a
 * message id shows a success toast; a rejected thunk whose payload is an AppError shows its
 * translated message (fetch failures add the raw error, spec 8). One listener for every slice.
 */
import { isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import type { ToastMeta } from '@/shared/entitySlice';
import { type AppError, UNKNOWN_ERROR } from '@/shared/errors';
import { afterAction } from './afterAction';
import { currentIntl } from './i18n/intl';
import { showToast } from './toasts';

/** The success toasts: a fulfilled thunk with `meta.toast`. */
const successToasts = afterAction(isFulfilled, (action) => {
  const id = (action.meta as ToastMeta | undefined)?.toast;
  if (id) showToast('success', currentIntl().formatMessage({ id }));
});

/**
 * The failure toasts: a thunk rejected with an AppError, one toast per thunk and message; none
 * for a quiet one (an argument `{ quiet: true }`, shared/entitySlice `RemoveRequest`), whose
 * caller reports it in a summary.
 */
const failureToasts = afterAction(isRejectedWithValue, (action) => {
  const arg = (action.meta as { arg?: unknown }).arg;
  if (typeof arg === 'object' && arg !== null && (arg as { quiet?: unknown }).quiet === true)
    return;
  const error = action.payload as AppError | undefined;
  if (!error?.messageId) return;
  const text = currentIntl().formatMessage({ id: error.messageId });
  showToast(
    'error',
    error.raw && error.messageId === UNKNOWN_ERROR ? `${text} (${error.raw})` : text,
    {
      toastId: `${action.type}:${error.messageId}`,
    },
  );
});

/** The store's toast middlewares (src/app/store.ts). */
export const notificationMiddlewares = [successToasts, failureToasts] as const;
