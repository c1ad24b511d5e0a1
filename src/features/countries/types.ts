/**
 * A country: an entry of the built-in list (name, two-letter code, dial code), or a stored
 * `countries/{id}` record that overrides the built-in entry with the same code (spec section 3).
 */
export interface Country {
  /** Present only on stored records. */
  id?: string;
  name: string;
  /** ISO 3166-1 alpha-2 code, e.g. 'SG'. */
  code: string;
  /** International dialling prefix, e.g. '+65'. */
  dial_code: string;
  /** Present only on stored records. */
  isObsolete?: boolean;
}
