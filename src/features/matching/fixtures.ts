import type { PersonBase } from '@/shared/domain/person';

/**
 * The fields of a student or tutor that ranking ignores, at neutral values: the base of the
 * records that the ranking tests and bench/matching.ts build (add id, name and what is ranked).
 */
export const blankPerson: Omit<PersonBase, 'id' | 'name'> = {
  email: '',
  mobile: '',
  gender: 'male',
  dob: null,
  logoUrl: null,
  info1: [],
  info2: [],
  info3: [],
  houseNumber: '',
  buildingName: '',
  street1: '',
  street2: '',
  postcode: '',
  countryId: 'SG',
  status: true,
  createdAt: 0,
  isTested: false,
  testResult: null,
};
