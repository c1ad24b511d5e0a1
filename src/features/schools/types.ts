/** The school's type, defined by its schema (./schema.ts). */
export type { School } from './schema';
