/** Allowed package multiples (spec section 9). */
export type MultipleQtyRestriction = 2 | 4 | 6;

/** Prices and package rules of a subject (spec section 3, Subject settings; rules in 5). */
export interface SubjectSettings {
  /** Price of one lesson, currency units with 2 decimals (step 0.01). */
  originalPrice: number;
  /** Optional, must be below originalPrice. */
  salePrice: number | null;
  /** Minimum lessons bought through a QR order. */
  minimumQRPurchase: number;
  multipleQtyRestriction: MultipleQtyRestriction;
  /** Days of validity per lesson bought. */
  expiryMultiplier: number;
  /** Add-on: extra days of validity sold for expiryPrice. */
  expiryDays: number;
  expiryPrice: number;
}

/** A subject, stored at `subjects/{id}` (spec section 3). */
export interface Subject {
  id: string;
  name: string;
  /** Field level ids bounding the levels at which the subject is taught. */
  levelStart: string;
  levelEnd: string;
  /** Two-letter country code, default 'SG'. */
  countryId: string;
  isObsolete: boolean;
  order: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Absent until the Settings tab is saved. */
  settings?: SubjectSettings;
}
