/** The subject's types, defined by its schema (./schema.ts). */
export type { MultipleQtyRestriction, Subject, SubjectSettings } from './schema';
