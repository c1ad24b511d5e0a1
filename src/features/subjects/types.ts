/** The subject's types, defined by its schema (./schema.ts). */
export type { MultipleQtyRestriction, Subject, SubjectSettings } from './schema';

/**
 * A field level as the subject pages use it (spec section 3: a subject's level range is two field
 * levels of its country). The app gives them (src/app/routes), as the subjects feature does not
 * import the field-levels feature.
 */
export interface SubjectFieldLevel {
  id: string;
  name: string;
  /** Two-letter country code. */
  countryId: string;
  isObsolete: boolean;
}
