import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import {
  emptySubjectBasic,
  settingsToForm,
  subjectBasicSchema,
  subjectBasicSchemaFor,
  subjectSettingsSchema,
  type SubjectSettingsValues,
} from './validation';

const valid: SubjectSettingsValues = {
  originalPrice: '50',
  salePrice: '45.50',
  minimumQRPurchase: '4',
  multipleQtyRestriction: '2',
  expiryMultiplier: '7',
  expiryDays: '30',
  expiryPrice: '20',
};
const errorsOf = (values: SubjectSettingsValues) =>
  fieldErrors(subjectSettingsSchema.safeParse(values).error);

describe('subjectSettingsSchema (spec section 5)', () => {
  it('accepts valid settings and gives numbers', () => {
    expect(subjectSettingsSchema.parse(valid)).toEqual({
      originalPrice: 50,
      salePrice: 45.5,
      minimumQRPurchase: 4,
      multipleQtyRestriction: 2,
      expiryMultiplier: 7,
      expiryDays: 30,
      expiryPrice: 20,
    });
  });

  it('reads an empty sale price as none', () => {
    expect(subjectSettingsSchema.parse({ ...valid, salePrice: '' }).salePrice).toBeNull();
  });

  it.each(['50', '60', '50.00'])('refuses a sale price of %s with an original of 50', (sale) => {
    expect(errorsOf({ ...valid, salePrice: sale })).toEqual({
      salePrice: 'Subjects.salePriceTooHigh',
    });
  });

  it('reports the sale price while other required fields are still empty', () => {
    const errors = errorsOf({ ...valid, salePrice: '70', expiryDays: '', expiryPrice: '' });
    expect(errors.salePrice).toBe('Subjects.salePriceTooHigh');
    expect(errors.expiryDays).toBe('Subjects.required');
  });

  it('requires the original price', () => {
    expect(errorsOf({ ...valid, originalPrice: '', salePrice: '' })).toEqual({
      originalPrice: 'Subjects.originalPriceRequired',
    });
  });

  it('allows cents but not a third decimal (step 0.01)', () => {
    expect(errorsOf({ ...valid, originalPrice: '49.99' })).toEqual({});
    expect(errorsOf({ ...valid, originalPrice: '49.999' }).originalPrice).toBe(
      'Subjects.priceInvalid',
    );
    expect(errorsOf({ ...valid, expiryPrice: '-1' }).expiryPrice).toBe('Subjects.priceInvalid');
  });

  it.each(['2', '4', '6'])('accepts a multiple of %s', (n) => {
    expect(errorsOf({ ...valid, multipleQtyRestriction: n })).toEqual({});
  });

  it.each(['', '3', '8'])('refuses a multiple of "%s"', (n) => {
    expect(errorsOf({ ...valid, multipleQtyRestriction: n }).multipleQtyRestriction).toBe(
      'Subjects.multipleQtyRequired',
    );
  });

  it.each([
    ['minimumQRPurchase', '0', 'Subjects.positiveWholeNumber'],
    ['minimumQRPurchase', '', 'Subjects.required'],
    ['expiryMultiplier', '1.5', 'Subjects.positiveWholeNumber'],
    ['expiryDays', '', 'Subjects.required'],
    ['expiryPrice', '', 'Subjects.required'],
  ] as const)('checks %s = "%s"', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('round-trips stored settings through the form values', () => {
    const stored = subjectSettingsSchema.parse(valid);
    expect(subjectSettingsSchema.parse(settingsToForm(stored))).toEqual(stored);
    expect(settingsToForm(undefined).originalPrice).toBe('');
  });
});

describe('subjectBasicSchema (spec section 5: name and country)', () => {
  it('starts invalid and becomes valid with a name', () => {
    expect(subjectBasicSchema.safeParse(emptySubjectBasic).success).toBe(false);
    expect(subjectBasicSchema.parse({ ...emptySubjectBasic, name: ' Maths ' })).toMatchObject({
      name: 'Maths',
      countryId: 'SG',
      order: 0,
    });
  });

  it('requires a country', () => {
    const errors = fieldErrors(
      subjectBasicSchema.safeParse({ ...emptySubjectBasic, name: 'Maths', countryId: '' }).error,
    );
    expect(errors).toEqual({ countryId: 'Subjects.countryRequired' });
  });
});

describe('subjectBasicSchemaFor (the level range runs upwards)', () => {
  const order: Record<string, number> = { p1: 0, p6: 5, jc2: 12 };
  const schema = subjectBasicSchemaFor((id) => order[id]);
  const withRange = (levelStart: string, levelEnd: string) => ({
    ...emptySubjectBasic,
    name: 'Maths',
    levelStart,
    levelEnd,
  });

  it('refuses a range from a higher level to a lower one, on the last level', () => {
    const result = schema.safeParse(withRange('jc2', 'p1'));
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ levelEnd: 'Subjects.invalidRange' });
  });

  it('accepts an upward range, a one-level range, an open end and an unknown level', () => {
    for (const [start, end] of [
      ['p1', 'jc2'],
      ['p6', 'p6'],
      ['', 'p1'],
      ['jc2', ''],
      ['gone', 'p1'],
    ] as const) {
      expect(schema.safeParse(withRange(start, end)).success).toBe(true);
    }
  });
});
