import { describe, expect, it } from 'vitest';
import { recordToForm } from './recordToForm';

const empty = { name: '', countryId: 'SG', order: '0', isObsolete: false, fields: { a: false } };

describe('recordToForm', () => {
  it('takes the stored values, numbers as the text the form holds', () => {
    expect(
      recordToForm(
        {
          id: 'x',
          name: 'North',
          countryId: 'MY',
          order: 3,
          isObsolete: true,
          fields: { b: true },
        },
        empty,
      ),
    ).toEqual({
      name: 'North',
      countryId: 'MY',
      order: '3',
      isObsolete: true,
      fields: { a: false, b: true },
    });
  });

  it('keeps the empty values for absent or null fields, and leaves unknown fields out', () => {
    expect(recordToForm({ name: 'South', order: null, other: 1 }, empty)).toEqual({
      ...empty,
      name: 'South',
    });
    expect(recordToForm(undefined, empty)).toEqual(empty);
  });

  it('reads a boolean field as true only for a stored true', () => {
    expect(recordToForm({ isObsolete: 'yes' }, empty).isObsolete).toBe(false);
  });
});
