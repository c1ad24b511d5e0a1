import { createEntitySlice } from '@/shared/entitySlice';
import { rtdbEntityApi } from '@/shared/rtdb';
import type { Order } from './types';

/** The orders list (spec sections 3, 4 and 7): records under `orders/{id}`. */
export const orders = createEntitySlice({
  name: 'orders',
  api: rtdbEntityApi<Order>('orders', 'order'),
  messages: { updated: 'Orders.approved' },
});
