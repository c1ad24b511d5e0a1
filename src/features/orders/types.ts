/** The order's types, defined by its schema (./schema.ts). */
export type { Order, OrderStatus } from './schema';
