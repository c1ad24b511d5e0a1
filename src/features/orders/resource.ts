import { defineResource } from '@/shared/resource';
import { listPath } from '@/shared/domain/derived/listRows';
import { rtdbEntityApi } from '@/shared/rtdb';
import { orders } from './ordersSlice';
import type { OrderRow } from './types';

/**
 * Orders of lesson packages (spec sections 2-7): the list with approval, Sales; by `order`.
 * Orders have no form; their record page (`/orders/:id`, where the registry puts a form) is the
 * order's detail, which reads the whole record. The list follows `lists/orders`, the compact rows
 * the server keeps (shared/domain/derived/orderRows), not the records.
 */
export const ordersResource = defineResource({
  name: 'orders',
  path: '/orders',
  slice: orders,
  api: rtdbEntityApi<OrderRow>('orders', {
    orderBy: 'order',
    listPath: listPath('orders'),
    // The 50 newest first (the list's default sort), then the whole list.
    firstPage: { orderBy: 'createdAt', size: 50 },
  }),
  pages: {
    list: () => import('./pages/OrdersPage'),
    form: () => import('./pages/OrderDetailPage'),
  },
  nav: { group: 'sales', list: 'Layout.nav.orders' },
});
