import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import { LOGO_MAX_BYTES, logoProblem, userFormSchema, type UserFormValues } from './validation';

const valid: UserFormValues = {
  email: 'ana@tuition.test',
  name: 'Ana',
  location: 'Singapore',
  isAdmin: false,
  createdAt: '2020-01-01',
  logo: null,
};

/** Whether the form may be saved, and the first message id per invalid field. */
function checkUserForm(values: UserFormValues) {
  const result = userFormSchema.safeParse(values);
  return result.success
    ? { valid: true, data: result.data, errors: {} as Record<string, string | undefined> }
    : { valid: false, data: null, errors: fieldErrors(result.error) };
}

describe('userFormSchema (spec 5, User form)', () => {
  it('accepts a complete form and trims the texts', () => {
    const result = userFormSchema.parse({ ...valid, name: '  Ana  ', email: ' ana@tuition.test ' });
    expect(result.name).toBe('Ana');
    expect(result.email).toBe('ana@tuition.test');
  });

  it.each([
    ['no-at-sign', 'Users.invalidEmail'],
    ['ana@', 'Users.invalidEmail'],
    ['ana@tuition', 'Users.invalidEmail'],
    ['ana maria@tuition.test', 'Users.invalidEmail'],
    ['', 'Users.emailRequired'],
    ['   ', 'Users.emailRequired'],
  ])('rejects the e-mail %j with %s', (email, messageId) => {
    expect(checkUserForm({ ...valid, email }).errors.email).toBe(messageId);
  });

  it.each([
    ['name', 'Users.nameRequired'],
    ['location', 'Users.locationRequired'],
  ] as const)('requires %s', (field, messageId) => {
    const check = checkUserForm({ ...valid, [field]: '  ' });
    expect(check.valid).toBe(false);
    expect(check.errors[field]).toBe(messageId);
  });

  it('requires a created date', () => {
    const check = checkUserForm({ ...valid, createdAt: null });
    expect(check.valid).toBe(false);
    expect(check.errors.createdAt).toBe('Users.createdAtRequired');
  });

  it.each(['invalid:05/06/21', 'invalid:31/02/2020', 'invalid:abc'])(
    "refuses the typed date %j with 'Invalid date'",
    (createdAt) => {
      expect(checkUserForm({ ...valid, createdAt }).errors.createdAt).toBe('Users.invalidDate');
    },
  );

  it('is valid, with data, only when every rule holds; the date becomes epoch ms', () => {
    const check = checkUserForm(valid);
    expect(check).toMatchObject({ valid: true, errors: {} });
    expect(check.data?.createdAt).toBe(new Date(2020, 0, 1).getTime());
  });

  it('refuses a logo that is not an image', () => {
    const pdf = new File(['%PDF'], 'a.png', { type: 'application/pdf' });
    expect(checkUserForm({ ...valid, logo: pdf }).errors.logo).toBe('Users.logoNotImage');
  });
});

describe('logoProblem (spec 5: the logo must be an image; 2 MB limit)', () => {
  it('accepts an image under 2 MB', () => {
    expect(logoProblem(new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }))).toBeNull();
  });
  it('refuses a file that is not an image, whatever its name', () => {
    expect(logoProblem(new File(['%PDF'], 'a.png', { type: 'application/pdf' }))).toBe(
      'Users.logoNotImage',
    );
  });
  it('refuses an image of 2 MB or more', () => {
    const big = new File([new Uint8Array(LOGO_MAX_BYTES)], 'big.jpg', { type: 'image/jpeg' });
    expect(logoProblem(big)).toBe('Users.logoTooLarge');
  });
});
