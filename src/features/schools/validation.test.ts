import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import type { School } from './types';
import { emptySchool, schoolSchema, schoolToForm } from './validation';

describe('schoolSchema (spec section 5: name and country)', () => {
  it('needs a name and a country; address fields are optional', () => {
    expect(fieldErrors(schoolSchema.safeParse({ ...emptySchool, countryId: '' }).error)).toEqual({
      name: 'Schools.nameRequired',
      countryId: 'Schools.countryRequired',
    });
    expect(schoolSchema.parse({ ...emptySchool, name: ' Raffles ' })).toMatchObject({
      name: 'Raffles',
      address1: '',
      order: 0,
    });
  });

  it('round-trips a stored school', () => {
    const school: School = {
      id: 's1',
      name: 'Raffles',
      countryId: 'SG',
      address1: '1 Road',
      address2: 'Singapore',
      postcode: '123456',
      isObsolete: true,
      order: 4,
      createdAt: 1,
    };
    expect(schoolSchema.parse(schoolToForm(school))).toEqual({
      name: 'Raffles',
      countryId: 'SG',
      address1: '1 Road',
      address2: 'Singapore',
      postcode: '123456',
      isObsolete: true,
      order: 4,
    });
  });
});
