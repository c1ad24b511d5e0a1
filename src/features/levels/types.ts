/** Who a browsing level is for (spec section 3, Browsing level; labels in section 9). */
export type AccessBy = 'tutor' | 'student_free' | 'student_paid';

export const ACCESS_BY_VALUES: readonly AccessBy[] = ['tutor', 'student_free', 'student_paid'];

/** The eight field-visibility switches of a browsing level (spec section 3). */
export interface LevelFields {
  contact: boolean;
  email: boolean;
  houseNumber: boolean;
  buildingName: boolean;
  unitNumber: boolean;
  street1: boolean;
  street2: boolean;
  postcode: boolean;
}

/** A browsing level, stored at `levels/{id}` (spec section 3). */
export interface Level {
  id: string;
  name: string;
  accessBy: AccessBy;
  description: string;
  /** Display order, 0 or more (spec 9 default 0). */
  order: number;
  /** Epoch milliseconds. */
  createdAt: number;
  fields: LevelFields;
}
