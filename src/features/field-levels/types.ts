/** The field level's type, defined by its schema (./schema.ts). */
export type { FieldLevel } from './schema';
