/** The order record's schema and types: one source, in shared/domain (two features read orders). */
export { orderRecordSchema, orderStatusSchema } from '@/shared/domain/order';
export type { Order, OrderStatus } from '@/shared/domain/order';
