/** The country's type, defined by its schema (./schema.ts). */
export type { Country } from './schema';
