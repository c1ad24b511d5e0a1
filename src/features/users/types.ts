/** The user record's type, defined by its schema (./schema.ts). */
export type { User } from './schema';
