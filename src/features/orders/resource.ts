import { defineResource } from '@/shared/resource';
import { rtdbEntityApi } from '@/shared/rtdb';
import { orders } from './ordersSlice';
import type { Order } from './types';

/**
 * Orders of lesson packages (spec sections 2-7): the list with approval, Sales; by `order`.
 * Orders have no form; their record page (`/orders/:id`, where the registry puts a form) is the
 * order's detail.
 */
export const ordersResource = defineResource({
  name: 'orders',
  path: '/orders',
  slice: orders,
  api: rtdbEntityApi<Order>('orders', {
    orderBy: 'order',
    // The 50 newest first (the list's default sort), then the whole list.
    firstPage: { orderBy: 'createdAt', size: 50 },
  }),
  pages: {
    list: () => import('./pages/OrdersPage'),
    form: () => import('./pages/OrderDetailPage'),
  },
  nav: { group: 'sales', list: 'Layout.nav.orders' },
});
