import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import { emptyFieldLevel, fieldLevelSchema, fieldLevelSchemaFor } from './validation';

describe('fieldLevelSchema (spec section 5: name and country)', () => {
  it('needs a name; the country defaults to Singapore', () => {
    expect(fieldErrors(fieldLevelSchema.safeParse(emptyFieldLevel).error)).toEqual({
      name: 'FieldLevels.nameRequired',
    });
    expect(fieldLevelSchema.parse({ ...emptyFieldLevel, name: 'Primary 1' })).toEqual({
      name: 'Primary 1',
      countryId: 'SG',
      order: 0,
      isObsolete: false,
    });
  });

  it.each(['', 'SGP', 'sg'])('refuses the country "%s"', (countryId) => {
    const errors = fieldErrors(
      fieldLevelSchema.safeParse({ ...emptyFieldLevel, name: 'P1', countryId }).error,
    );
    expect(errors).toEqual({ countryId: 'FieldLevels.countryRequired' });
  });

  it.each(['-1', '1.5', 'x'])('refuses the order "%s"', (order) => {
    const errors = fieldErrors(
      fieldLevelSchema.safeParse({ ...emptyFieldLevel, name: 'P1', order }).error,
    );
    expect(errors).toEqual({ order: 'FieldLevels.orderInvalid' });
  });
});

describe('fieldLevelSchemaFor (a name once per country)', () => {
  const stored = [{ name: 'Primary 1', countryId: 'SG' }];
  const schema = fieldLevelSchemaFor((name, countryId) =>
    stored.some(
      (l) => l.countryId === countryId && l.name.toLowerCase() === name.trim().toLowerCase(),
    ),
  );

  it("refuses a second 'Primary 1' of the same country, whatever its case and spaces", () => {
    for (const name of ['Primary 1', ' primary 1 ']) {
      expect(fieldErrors(schema.safeParse({ ...emptyFieldLevel, name }).error)).toEqual({
        name: 'FieldLevels.nameTaken',
      });
    }
  });

  it('accepts the name in another country, and another name', () => {
    expect(
      schema.safeParse({ ...emptyFieldLevel, name: 'Primary 1', countryId: 'MY' }).success,
    ).toBe(true);
    expect(schema.safeParse({ ...emptyFieldLevel, name: 'Primary 2' }).success).toBe(true);
  });
});
