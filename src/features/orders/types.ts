/** The order's types, defined by its schema (./schema.ts). */
export type { Order, OrderStatus } from './schema';
/** An order's row in the list (`lists/orders`, shared/domain/derived/orderRows). */
export type { OrderRow } from '@/shared/domain/derived/orderRows';
