/** A school level such as 'Primary 1', stored at `fieldLevels/{id}` (spec section 3). */
export interface FieldLevel {
  id: string;
  name: string;
  /** Two-letter country code, default 'SG'. */
  countryId: string;
  isObsolete: boolean;
  /** Sort key of lists, 0 or more. */
  order: number;
  /** Epoch milliseconds. */
  createdAt: number;
}
