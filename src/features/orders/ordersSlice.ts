import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { createEntitySlice, type ToastMeta } from '@/shared/entitySlice';
import type { RecordCreate, RecordModify } from '@/shared/rtdb';
import { toAppError, type AppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import type { Order, OrderRow } from './types';

/** The stored order changed under us (e.g. approved by another admin): replace it in the list. */
export const orderRefreshed = createAction<Order>('orders/refreshed');

/**
 * Approves one order (spec section 4) through the transaction of approval.ts.
 * Fulfilled: the approved order, with the toast 'Order approved successfully.' (spec 8).
 * Rejected with an AppError: 'Orders.alreadyApproved' when another admin won (the list then shows
 * the stored, approved order), 'Orders.notFound', or the backend's error. The app's notifications
 * listener shows either toast.
 */
export const approveOrder = createAsyncThunk<
  Order,
  string,
  { rejectValue: AppError; fulfilledMeta: ToastMeta }
>('orders/approve', async (id, { rejectWithValue, fulfillWithValue, dispatch }) => {
  // The transaction code is loaded on first use, out of the store's (and /login's) bundle.
  const { AlreadyApprovedError, approveOrderInDatabase, OrderNotFoundError } =
    await import('./approval');
  try {
    return fulfillWithValue(await approveOrderInDatabase(await database(), id), {
      toast: 'Orders.approved',
    });
  } catch (e) {
    if (e instanceof AlreadyApprovedError) {
      dispatch(orderRefreshed(e.order));
      return rejectWithValue({ messageId: e.messageId });
    }
    if (e instanceof OrderNotFoundError) return rejectWithValue({ messageId: e.messageId });
    return rejectWithValue(toAppError(e));
  }
});

/**
 * The orders list (spec sections 3, 4 and 7): the rows of `lists/orders/{id}` (the fields the
 * list shows, searches and filters by; the record is `orders/{id}`). Approval is a feature thunk (above) handled here: it sets `loading` and
 * `success` like modify; a failed approval is a toast, and only a failed load (`loadError`) makes
 * the table show 'Show error' instead of the rows.
 */
export const orders = createEntitySlice<OrderRow, RecordCreate<OrderRow>, RecordModify<OrderRow>>({
  name: 'orders',
  extraReducers: (builder, adapter) => {
    builder
      .addCase(approveOrder.pending, (state) => {
        state.loading = true;
        state.success = false;
      })
      .addCase(approveOrder.fulfilled, (state, { payload }) => {
        adapter.setOne(state, payload);
        state.loading = false;
        state.success = true;
      })
      .addCase(approveOrder.rejected, (state) => {
        state.loading = false;
      })
      .addCase(orderRefreshed, (state, { payload }) => {
        adapter.setOne(state, payload);
      });
  },
});
