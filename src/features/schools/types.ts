/** A school, stored at `schools/{id}` (spec section 3). */
export interface School {
  id: string;
  name: string;
  /** Two-letter country code, default 'SG'. */
  countryId: string;
  address1: string;
  address2: string;
  postcode: string;
  isObsolete: boolean;
  /** Sort key of lists, 0 or more. */
  order: number;
  /** Epoch milliseconds. */
  createdAt: number;
}
