/** Yes/No answers are stored as 0 and 1 (spec section 9). */
export type YesNo = 0 | 1;

export type Gender = 'male' | 'female';

/** Preferred lesson time (spec section 9): none, morning, afternoon, evening. */
export type PreferredTime = '0' | '8_12' | '12_6' | '6_10';

export const PREFERRED_TIMES: readonly PreferredTime[] = ['0', '8_12', '12_6', '6_10'];

/**
 * Fields common to the profile levels of students and tutors (spec section 3, profileLevel).
 * Ids refer to fieldLevels/, schools/ and levels/ (browsing levels).
 */
export interface ProfileLevelBase {
  levelId: string | null;
  schoolId: string | null;
  /** Hourly fee, SGD. For a student the most they pay, for a tutor what they ask. */
  fee: number | null;
  preferredTime: PreferredTime;
  /** ISO date 'yyyy-MM-dd' or null. */
  startDate: string | null;
  groupTuition: YesNo;
  /** For a tutor, their brief introduction. */
  additionalRequest: string;
  browsingLevelId: string | null;
}

/**
 * Fields common to students/{id} and tutors/{id} (spec section 3, Student and Tutor).
 * `id` is the Firebase Auth uid of the account created by httpsCreateUser.
 */
export interface PersonBase {
  id: string;
  name: string;
  /** Fixed once the account exists (spec section 5). */
  email: string;
  mobile: string;
  gender: Gender;
  /** ISO date 'yyyy-MM-dd' or null. */
  dob: string | null;
  /** Download URL of the photo, or null. */
  logoUrl: string | null;
  info1: string[];
  info2: string[];
  info3: string[];
  houseNumber: string;
  buildingName: string;
  street1: string;
  street2: string;
  postcode: string;
  /** Two-letter country code, default 'SG'. */
  countryId: string;
  /** true = active (the default); a tutor's on/off switch. */
  status: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  isTested: boolean;
  /**
   * Multiple-intelligence scores in catalogue order (see intelligences.ts), each 0..18,
   * or null when the test was not taken or was reset.
   */
  testResult: number[] | null;
}
