/**
 * Toasts for the store's outcomes (spec section 8): a fulfilled thunk whose meta carries a
 * message id shows a success toast; a rejected thunk whose payload is an AppError shows its
 * translated message (fetch failures add the raw error, spec 8). One listener for every slice.
 */
import { createListenerMiddleware, isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
import type { ToastMeta } from '@/shared/entitySlice';
import { type AppError, UNKNOWN_ERROR } from '@/shared/errors';
import { currentIntl } from './i18n/intl';

export const notificationsListener = createListenerMiddleware();

notificationsListener.startListening({
  matcher: isFulfilled,
  effect: (action) => {
    const id = (action.meta as ToastMeta | undefined)?.toast;
    if (id) toast.success(currentIntl().formatMessage({ id }));
  },
});

notificationsListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action) => {
    const error = action.payload as AppError | undefined;
    if (!error?.messageId) return;
    const text = currentIntl().formatMessage({ id: error.messageId });
    toast.error(error.raw && error.messageId === UNKNOWN_ERROR ? `${text} (${error.raw})` : text, {
      toastId: `${action.type}:${error.messageId}`,
    });
  },
});
